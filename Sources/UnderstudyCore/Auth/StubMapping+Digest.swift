extension StubMapping {
    /// For a stub with ``DigestCredentials``, uses up the request's nonce count now that the stub
    /// is about to be selected; false when another request used it since matching read the book.
    /// Always true for other stubs.
    func claimsDigestNonce(for request: LoggedRequest, nonces: DigestNonceBook = .shared) -> Bool {
        guard let credentials = self.request.digestAuthCredentials else { return true }
        guard case .valid(let nonce, let count) = credentials.verdict(request, nonces: nonces) else { return false }
        return nonces.consume(nonce, count: count, by: request.id)
    }
}
