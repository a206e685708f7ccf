/// A WebSocket the notifications feed reads text messages from.
///
/// The app uses ``URLSessionNotificationSocket``. The seam exists for Linux, where
/// FoundationNetworking's `URLSessionWebSocketTask` cannot connect (its libcurl has no WebSocket
/// support), so tests there read the same feed through a socket of their own.
public protocol NotificationSocket: Sendable {
    /// The next text message; nil once the server has closed the socket.
    func receive() async throws -> String?
    /// Closes the socket.
    func close()
}
