import Foundation
import Observation

/// The notifications the service pushes over a WebSocket, newest last, for a badge or a list.
///
/// ```swift
/// let feed = NotificationsFeed()
/// feed.connect(URLSessionNotificationSocket(url: URL(string: "wss://api.example.com/notifications")!))
/// ```
@MainActor @Observable
public final class NotificationsFeed {
    /// Every notification received, oldest first.
    public private(set) var notifications: [AppNotification] = []
    /// Why the feed stopped, if it failed; nil while it runs or after a normal close.
    public private(set) var failure: String?
    @ObservationIgnored private var listening: Task<Void, Never>?

    /// An empty feed.
    public init() {}

    /// Starts reading `socket`, replacing any socket read before.
    public func connect(_ socket: any NotificationSocket) {
        disconnect()
        failure = nil
        listening = Task { await listen(to: socket) }
    }

    /// Stops reading and closes the socket.
    public func disconnect() {
        listening?.cancel()
        listening = nil
    }

    private func listen(to socket: any NotificationSocket) async {
        defer { socket.close() }
        await withTaskCancellationHandler {
            do {
                while let text = try await socket.receive() {
                    // A message that is not a notification (a ping-like hello, a newer shape) is skipped.
                    guard let notification = try? JSONDecoder().decode(AppNotification.self, from: Data(text.utf8))
                    else { continue }
                    notifications.append(notification)
                }
            } catch {
                if !Task.isCancelled { failure = String(describing: error) }
            }
        } onCancel: {
            socket.close()
        }
    }
}
