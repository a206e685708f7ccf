import Foundation
import Testing
import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Message stubs from Swift against real WebSocket clients: our small socket client everywhere,
/// and URLSession's own `URLSessionWebSocketTask` where the platform has one that works.
@Suite struct URLSessionWebSocketTests {
    @Test func stubsPushesWaitsAndVerificationOverTheServer() async throws {
        try await withStubs(.server) { host throws in
            try host.stub(message: .onMessage(.equalTo("hello"), channel: .get("/chat"), .send("hello back")))
            try host.stub(message: .onOpen(channel: .get("/chat"), .send("welcome")))
            try await WebSocketTestClient.with(port: host.baseURL.port!, path: "/chat") { client in
                #expect(try await client.receiveText() == "welcome")
                try await client.send("hello")
                #expect(try await client.receiveText() == "hello back")
                let found = try await host.waitForMessages(matching: MessagePattern(body: .equalTo("hello")))
                #expect(found.map(\.direction) == [.received])
                #expect(host.channels.map(\.request.url) == ["/chat"])
                #expect(host.send(.text("pushed"), to: .get("/chat")).count == 1)
                #expect(try await client.receiveText() == "pushed")
                try host.verify(messages: MessagePattern(channel: .get("/chat")), .exactly(4))
                #expect(throws: MessageVerificationError.self) {
                    try host.verify(messages: MessagePattern(body: .equalTo("never sent")))
                }
            }
            await #expect(throws: MessageVerificationError.self) {
                try await host.waitForMessages(
                    matching: MessagePattern(body: .equalTo("never")), timeout: .milliseconds(50))
            }
        }
    }

    /// On Linux, FoundationNetworking hands `ws://` to libcurl, and Debian's libcurl (7.88) is
    /// built without WebSocket support: the task fails at once with `unsupportedURL` and
    /// "WebSockets not supported by libcurl" (README). Where the task works, it must get the
    /// stub's answer.
    @Test func urlSessionWebSocketTaskGetsTheStubsAnswerWhereItWorks() async throws {
        try await withStubs(.server) { host throws in
            try host.stub(message: .onMessage(.equalTo("hello"), channel: .get("/chat"), .send("hello back")))
            var components = URLComponents(url: host.baseURL, resolvingAgainstBaseURL: false)!
            components.scheme = "ws"
            components.path = "/chat"
            // Not URLSession.shared: only TransportLimitsTests may touch it, or its ordering check races.
            let session = URLSession(configuration: .ephemeral)
            let task = session.webSocketTask(with: components.url!)
            task.resume()
            defer { task.cancel(with: .normalClosure, reason: nil) }
            do {
                try await task.send(.string("hello"))
            } catch let error as URLError where error.code == .unsupportedURL {
                #if canImport(FoundationNetworking)
                    #expect(String(describing: error).contains("libcurl"))
                    return
                #else
                    throw error
                #endif
            }
            guard case .string(let text) = try await task.receive() else {
                Issue.record("expected a text message")
                return
            }
            #expect(text == "hello back")
        }
    }
}
