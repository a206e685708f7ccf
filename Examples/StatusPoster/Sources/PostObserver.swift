/// How posting a status ended, as the app's UI needs to know it.
public enum PostOutcome: Sendable, Equatable {
    /// The service accepted the status.
    case succeeded(PostedStatus)
    /// It failed for a reason other than credentials.
    case failed(StatusServiceError)
    /// The credentials were refused (the challenge was answered once, then cancelled).
    case failedAuthentication
}

/// Told how every status post ended.
public protocol PostObserver: AnyObject, Sendable {
    /// Called once per post, on an arbitrary thread.
    func statusPost(didFinishWith outcome: PostOutcome)
}

extension PostOutcome {
    init(_ result: Result<PostedStatus, StatusServiceError>) {
        switch result {
        case .success(let status): self = .succeeded(status)
        case .failure(.authenticationFailed): self = .failedAuthentication
        case .failure(let error): self = .failed(error)
        }
    }
}
