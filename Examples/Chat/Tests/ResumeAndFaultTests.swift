import ChatClient
import Foundation
import UnderstudyTesting

/// Story 2: the connection drops mid-answer. The client reconnects once with `Last-Event-ID`,
/// and the stub host (which sends only the events after that id) finishes the answer without
/// repeating a token; a second drop is reported, with what had arrived kept on screen.
@Suite
@MainActor
struct ResumeAndFaultTests {
    @Test(arguments: StubTransport.allCases)
    func aDroppedStreamResumesAfterTheLastEventWithoutRepeatingText(_ transport: StubTransport) async throws {
        try await ChatHosts.with(transport) { host in
            // The first request: two tokens, then the connection is reset (held, so it comes only
            // once the test has seen both tokens arrive).
            let firstTry = host.stub(
                ChatStubs.completions.header("Last-Event-ID", .absent),
                .sse([
                    ChatStubs.token("Hel", id: "1"), ChatStubs.token("lo", id: "2"),
                    .fault(.connectionResetByPeer).held()
                ]))
            // The reconnect: the whole answer; the stub host skips what came up to the `Last-Event-ID`.
            host.stub(
                ChatStubs.completions.header("Last-Event-ID", .equalTo("2")),
                .sse([
                    ChatStubs.token("Hel", id: "1"), ChatStubs.token("lo", id: "2"),
                    ChatStubs.token(", world", id: "3"),
                    ChatStubs.done
                ]))
            let chat = ChatModel(baseURL: host.baseURL, configuration: host.sessionConfiguration())

            chat.send("Say hello")
            await eventually("both tokens are shown", timeout: ChatWaits.timeout) { chat.state == .streaming("Hello") }
            await host.expectHeld(firstTry)
            firstTry.release()
            await chat.waitUntilAnswered()

            #expect(chat.state == .done("Hello, world"))
            let sent = host.requests(matching: ChatStubs.completions).map { $0.headers.first("Last-Event-ID") }
            #expect(sent == [nil, "2"])
        }
    }

    @Test(arguments: StubTransport.allCases)
    func aSecondDropIsReportedWithWhatHadArrived(_ transport: StubTransport) async throws {
        try await ChatHosts.with(transport) { host in
            let stream = host.stub(
                ChatStubs.completions, .sse([ChatStubs.token("Hel", id: "1"), .fault(.connectionResetByPeer).held()]))
            let chat = ChatModel(baseURL: host.baseURL, configuration: host.sessionConfiguration())

            chat.send("Say hello")
            await eventually("the first token is shown", timeout: ChatWaits.timeout) { chat.state == .streaming("Hel") }
            await host.expectHeld(stream)
            // Open for good: the reset goes out on the first stream and again on the resumed one.
            stream.release()
            // Not `waitUntilAnswered()`: a client that retried without end would never answer.
            await eventually("the failure is shown", timeout: ChatWaits.timeout) {
                chat.state == .failed("Hel", .connectionLost)
            }
            let sent = host.requests(matching: ChatStubs.completions).map { $0.headers.first("Last-Event-ID") }
            #expect(sent == [nil, "1"])
        }
    }

    @Test(arguments: StubTransport.allCases)
    func anErrorStatusIsReportedWithoutARetry(_ transport: StubTransport) async throws {
        try await ChatHosts.with(transport) { host in
            host.stub(ChatStubs.completions, .status(429)).expected(times: 1)
            let chat = ChatModel(baseURL: host.baseURL, configuration: host.sessionConfiguration())

            chat.send("Say hello")
            await chat.waitUntilAnswered()

            #expect(chat.state == .failed("", .server(status: 429)))
        }
    }
}
