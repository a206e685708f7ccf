import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What can go wrong talking to the status service, as the app needs to tell it apart.
public enum StatusServiceError: Error, Sendable, Equatable {
    /// 422: the service refused these fields.
    case rejected([FieldProblem])
    /// The credentials were refused (or none were given).
    case authenticationFailed
    /// 503: try again later.
    case unavailable
    /// Another unexpected status.
    case server(status: Int)
    /// No network (or the connection dropped).
    case offline
    /// The body was not what the service promises.
    case malformedResponse
    /// Any other transport error, by its URLError code.
    case transport(URLError.Code)

    /// Maps a status and body to an error, or nil for 2xx.
    static func check(status: Int, body: Data) -> StatusServiceError? {
        switch status {
        case 200..<300: return nil
        case 401: return .authenticationFailed
        case 422:
            struct Body: Decodable { var errors: [FieldProblem] }
            let problems = (try? JSONDecoder().decode(Body.self, from: body))?.errors ?? []
            return .rejected(problems)
        case 503: return .unavailable
        default: return .server(status: status)
        }
    }

    /// Maps a transport error; `URLError(.cancelled)` after a refused challenge is an
    /// authentication failure (URLSession on Linux reports a cancelled challenge that way).
    static func from(_ error: any Error, challengeRefused: Bool) -> StatusServiceError {
        if let known = error as? StatusServiceError { return known }
        guard let urlError = error as? URLError else { return .malformedResponse }
        if urlError.code == .cancelled, challengeRefused { return .authenticationFailed }
        switch urlError.code {
        case .notConnectedToInternet, .networkConnectionLost, .cannotConnectToHost: return .offline
        default: return .transport(urlError.code)
        }
    }
}
