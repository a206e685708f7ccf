import ChatClient
import Foundation
import UnderstudyTesting

/// Story 4: notifications pushed over a WebSocket reach the feed. On Linux the feed reads
/// through ``NIONotificationSocket``, since `URLSessionWebSocketTask` cannot connect there.
@Suite(.stubServer())
@MainActor
struct NotificationsTests {
    @Test func aPushedNotificationArrivesInTheFeed() async throws {
        let server = try StubServer.current
        try server.stub(
            message: .onOpen(channel: .get("/notifications"), .send(#"{"title":"Welcome","body":"You are connected"}"#))
        )
        let feed = NotificationsFeed()
        feed.connect(try await Self.socket(to: server))
        defer { feed.disconnect() }

        // The welcome says the channel is open, so the push below has somewhere to go.
        await eventually("the welcome arrives", timeout: ChatWaits.timeout) { feed.notifications.count == 1 }
        let pushed = server.send(
            .text(#"{"title":"New reply","body":"Rita answered you"}"#), to: .get("/notifications"))
        #expect(pushed.count == 1)

        await eventually("the pushed notification arrives", timeout: ChatWaits.timeout) {
            feed.notifications.count == 2
        }
        #expect(
            feed.notifications == [
                AppNotification(title: "Welcome", body: "You are connected"),
                AppNotification(title: "New reply", body: "Rita answered you")
            ])
        #expect(feed.failure == nil)
    }

    /// The welcome from `Stubs/message-mappings/`, as `understudy serve` sends it.
    @Test(.stubServer(root: ChatStubs.root))
    func theFolderWelcomesANewChannel() async throws {
        let server = try StubServer.current
        let feed = NotificationsFeed()
        feed.connect(try await Self.socket(to: server))
        defer { feed.disconnect() }

        await eventually("the welcome arrives", timeout: ChatWaits.timeout) { feed.notifications.count == 1 }
        #expect(feed.notifications.first?.title == "Welcome")
    }

    /// The app's socket where `URLSessionWebSocketTask` works; ours on Linux.
    static func socket(to server: StubServer) async throws -> any NotificationSocket {
        #if canImport(FoundationNetworking)
            return try await NIONotificationSocket.connect(port: server.port, path: "/notifications")
        #else
            var components = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false)!
            components.scheme = "ws"
            components.path = "/notifications"
            return URLSessionNotificationSocket(url: components.url!)
        #endif
    }
}
