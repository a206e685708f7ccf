import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A session delegate that answers every authentication challenge, so a 401 can never hang
/// URLSession on Linux (corelibs #5456: with no answer, or with `.performDefaultHandling`, the
/// task never completes).
///
/// With credentials it answers the first challenge of a request with them; any further
/// challenge (wrong credentials) and any challenge without credentials is cancelled, which
/// URLSession reports as `URLError(.cancelled)`. Corelibs has no way to hand the 401 itself to
/// the caller once a challenge was raised.
final class ChallengeAnsweringDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    let user: String?
    let password: String?

    init(user: String? = nil, password: String? = nil) {
        self.user = user
        self.password = password
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let method = challenge.protectionSpace.authenticationMethod
        // On Linux only a Basic challenge with a realm gets here; answer nothing else with a credential.
        let isBasic = method == NSURLAuthenticationMethodHTTPBasic || method.lowercased() == "basic"
        if isBasic, challenge.previousFailureCount == 0, let user, let password {
            completionHandler(.useCredential, URLCredential(user: user, password: password, persistence: .forSession))
        } else {
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }
}
