import ChatClient
import Foundation
import UnderstudyTesting

/// Story 2: the connection drops mid-answer. The client reconnects once with `Last-Event-ID`,
/// and the server (which sends only the events after that id) finishes the answer without
/// repeating a token; a second drop is reported, with what had arrived kept on screen.
@Suite(.stubServer())
@MainActor
struct ResumeAndFaultTests {
    @Test func aDroppedStreamResumesAfterTheLastEventWithoutRepeatingText() async throws {
        let server = try StubServer.current
        // The first request: two tokens, then the connection is reset (held, so it comes only
        // once the test has seen both tokens arrive).
        let firstTry = server.stub(
            ChatStubs.completions.header("Last-Event-ID", .absent),
            .sse([
                ChatStubs.token("Hel", id: "1"), ChatStubs.token("lo", id: "2"),
                .fault(.connectionResetByPeer).held()
            ]))
        // The reconnect: the whole answer; the server skips what came up to the `Last-Event-ID`.
        server.stub(
            ChatStubs.completions.header("Last-Event-ID", .equalTo("2")),
            .sse([
                ChatStubs.token("Hel", id: "1"), ChatStubs.token("lo", id: "2"), ChatStubs.token(", world", id: "3"),
                ChatStubs.done
            ]))
        let chat = ChatModel(baseURL: server.baseURL, configuration: server.sessionConfiguration())

        chat.send("Say hello")
        await eventually("both tokens are shown") { chat.state == .streaming("Hello") }
        await server.expectHeld(firstTry)
        firstTry.release()
        await chat.waitUntilAnswered()

        #expect(chat.state == .done("Hello, world"))
        let sent = server.requests(matching: ChatStubs.completions).map { $0.headers.first("Last-Event-ID") }
        #expect(sent == [nil, "2"])
    }

    @Test func aSecondDropIsReportedWithWhatHadArrived() async throws {
        let server = try StubServer.current
        let stream = server.stub(
            ChatStubs.completions, .sse([ChatStubs.token("Hel", id: "1"), .fault(.connectionResetByPeer).held()]))
        let chat = ChatModel(baseURL: server.baseURL, configuration: server.sessionConfiguration())

        chat.send("Say hello")
        await eventually("the first token is shown") { chat.state == .streaming("Hel") }
        await server.expectHeld(stream)
        // Open for good: the reset goes out on the first stream and again on the resumed one.
        stream.release()
        // Not `waitUntilAnswered()`: a client that retried without end would never answer.
        await eventually("the failure is shown") { chat.state == .failed("Hel", .connectionLost) }
        let sent = server.requests(matching: ChatStubs.completions).map { $0.headers.first("Last-Event-ID") }
        #expect(sent == [nil, "1"])
    }

    @Test func anErrorStatusIsReportedWithoutARetry() async throws {
        let server = try StubServer.current
        server.stub(ChatStubs.completions, .status(429)).expected(times: 1)
        let chat = ChatModel(baseURL: server.baseURL, configuration: server.sessionConfiguration())

        chat.send("Say hello")
        await chat.waitUntilAnswered()

        #expect(chat.state == .failed("", .server(status: 429)))
    }
}
