import Foundation

/// Why an answer stopped before it was complete, as the UI tells the user.
public enum ChatError: Error, Equatable, Sendable {
    /// The connection dropped, and resuming it dropped too (or there was nothing to resume from).
    case connectionLost
    /// The service answered with an HTTP error status.
    case server(status: Int)
    /// An event's data was not a chat-completion chunk.
    case malformedChunk(String)
    /// Any other loading error, with its code and message.
    case network(URLError.Code, message: String)
}

extension ChatError {
    /// The error a failed stream threw, as the UI names it.
    init(_ error: any Error) {
        switch error {
        case let error as ChatError: self = error
        case let error as URLError where error.code == .networkConnectionLost: self = .connectionLost
        case let error as URLError: self = .network(error.code, message: error.localizedDescription)
        default: self = .network(.unknown, message: String(describing: error))
        }
    }
}
