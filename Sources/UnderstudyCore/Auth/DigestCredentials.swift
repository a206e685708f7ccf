import Foundation

/// `digestAuthCredentials`, our extension to WireMock's request: an RFC 7616 `Authorization:
/// Digest` answer computed for this user and password, with `qop` `auth` or `auth-int`, over a
/// nonce this process issued (a stub's ``DigestChallenge``) and a nonce count not used before.
public struct DigestCredentials: Sendable, Hashable {
    /// The user name.
    public var username: String
    /// The password.
    public var password: String
    /// The realm the answer must name; nil accepts any (the hash still covers it).
    public var realm: String?

    /// Credentials for this user; with `realm`, only answers to that realm match.
    public init(username: String, password: String, realm: String? = nil) {
        self.username = username
        self.password = password
        self.realm = realm
    }
}

/// What checking one request against ``DigestCredentials`` found.
enum DigestVerdict: Equatable {
    /// A correct answer; the nonce count still has to be used up when the stub is selected.
    case valid(nonce: String, count: UInt64)
    case refused(String)
}

extension DigestCredentials {
    /// Checks every `Authorization` header of `request`; the first correct Digest answer wins.
    func verdict(_ request: LoggedRequest, nonces: DigestNonceBook = .shared) -> DigestVerdict {
        var reason = "no Digest Authorization header"
        for header in request.headers.values("Authorization") {
            guard let answer = DigestAuthorization(header: header) else { continue }
            switch verdict(answer, request: request, nonces: nonces) {
            case .valid(let nonce, let count): return .valid(nonce: nonce, count: count)
            case .refused(let why): reason = why
            }
        }
        return .refused(reason)
    }

    private func verdict(_ answer: DigestAuthorization, request: LoggedRequest, nonces: DigestNonceBook)
        -> DigestVerdict
    {
        guard let user = answer["username"], let nonce = answer["nonce"], let uri = answer["uri"],
            let response = answer["response"], let answerRealm = answer["realm"]
        else { return .refused("Digest answer lacks username, realm, nonce, uri or response") }
        guard user == username else { return .refused("Digest username '\(user)' is not '\(username)'") }
        if let realm, answerRealm != realm { return .refused("Digest realm '\(answerRealm)' is not '\(realm)'") }
        let algorithmName = answer["algorithm"] ?? "MD5"
        guard let algorithm = DigestAlgorithm(name: algorithmName) else {
            return .refused("Digest algorithm '\(algorithmName)' is not supported")
        }
        guard uri == request.url else { return .refused("Digest uri '\(uri)' is not the request's '\(request.url)'") }
        guard let qop = answer["qop"]?.lowercased(), qop == "auth" || qop == "auth-int" else {
            return .refused("Digest answer needs qop auth or auth-int")
        }
        guard let countText = answer["nc"], countText.utf8.count == 8, let count = UInt64(countText, radix: 16),
            count > 0, let cnonce = answer["cnonce"]
        else { return .refused("Digest answer needs an 8-hex-digit nc above 0 and a cnonce") }
        var ha1 = algorithm.hex("\(username):\(answerRealm):\(password)")
        if algorithm.isSession { ha1 = algorithm.hex("\(ha1):\(nonce):\(cnonce)") }
        let bodyPart = qop == "auth-int" ? ":" + algorithm.hex(bytes: Array(request.body)) : ""
        let ha2 = algorithm.hex("\(request.method):\(uri)\(bodyPart)")
        let expected = algorithm.hex("\(ha1):\(nonce):\(countText):\(cnonce):\(qop):\(ha2)")
        guard response.lowercased() == expected else { return .refused("Digest response is wrong (password?)") }
        if let why = nonces.refusal(nonce: nonce, count: count, by: request.id) { return .refused("Digest " + why) }
        return .valid(nonce: nonce, count: count)
    }
}
