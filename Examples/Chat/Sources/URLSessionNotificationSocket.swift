import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``NotificationSocket`` on `URLSessionWebSocketTask`.
public final class URLSessionNotificationSocket: NotificationSocket {
    private let task: URLSessionWebSocketTask

    /// Opens a WebSocket to `url` (`ws://` or `wss://`) on `session`.
    public init(url: URL, session: URLSession = .shared) {
        task = session.webSocketTask(with: url)
        task.resume()
    }

    public func receive() async throws -> String? {
        do {
            switch try await task.receive() {
            case .string(let text): return text
            case .data(let data): return String(decoding: data, as: UTF8.self)
            @unknown default: return nil
            }
        } catch  where task.closeCode != .invalid {
            return nil  // The server closed the socket with a code: the feed has ended.
        }
    }

    public func close() {
        task.cancel(with: .normalClosure, reason: nil)
    }
}
