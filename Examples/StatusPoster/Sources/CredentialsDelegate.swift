import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers the service's Basic challenge with the user's credentials once per request, and
/// cancels when the same credentials are refused again (or when there are none), remembering
/// which tasks it cancelled so the client can tell "wrong password" from "cancelled".
///
/// It always answers: on Linux a challenge left to default handling never completes.
final class CredentialsDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    private let credentials: Credentials?
    /// Method, URL and body of each request whose challenge we cancelled.
    private let refused = Mutex<[String]>([])

    init(credentials: Credentials?) {
        self.credentials = credentials
    }

    /// True if we cancelled the challenge of a request like this one (and forgets it). Keyed by
    /// the request rather than the task: async `data(for:)` never shows its task.
    func takeRefusal(of request: URLRequest) -> Bool {
        let key = Self.key(request)
        return refused.withLock { refused in
            guard let index = refused.firstIndex(of: key) else { return false }
            refused.remove(at: index)
            return true
        }
    }

    private static func key(_ request: URLRequest?) -> String {
        let body = request?.httpBody.map { String(decoding: $0, as: UTF8.self) } ?? ""
        return "\(request?.httpMethod ?? "GET") \(request?.url?.absoluteString ?? "") \(body)"
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let isBasic = challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodHTTPBasic
        if isBasic, challenge.previousFailureCount == 0, let credentials {
            completionHandler(
                .useCredential,
                URLCredential(user: credentials.user, password: credentials.password, persistence: .forSession))
        } else {
            let key = Self.key(task.originalRequest)
            refused.withLock { $0.append(key) }
            completionHandler(.cancelAuthenticationChallenge, nil)
        }
    }
}
