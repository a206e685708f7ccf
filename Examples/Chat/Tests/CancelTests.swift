import ChatClient
import Foundation
import UnderstudyTesting

/// Story 3: the user stops the answer mid-stream. The screen keeps what arrived, and the request
/// is really cancelled: the stub host, still holding the next token, sees the client leave.
@Suite
@MainActor
struct CancelTests {
    @Test(arguments: StubTransport.allCases)
    func cancellingKeepsThePartialAnswerAndLeavesTheStream(_ transport: StubTransport) async throws {
        try await ChatHosts.with(transport) { host in
            let stream = host.stub(
                ChatStubs.completions,
                .sse([ChatStubs.token("Hel", id: "1"), ChatStubs.token("lo", id: "2").held(), ChatStubs.done]))
            let chat = ChatModel(baseURL: host.baseURL, configuration: host.sessionConfiguration())

            chat.send("Say hello")
            await eventually("the first token is shown", timeout: ChatWaits.timeout) { chat.state == .streaming("Hel") }
            await host.expectHeld(stream)
            chat.cancel()
            #expect(chat.state == .cancelled("Hel"))

            // Not released yet: only the client leaving (a closed connection, or stopLoading) ends this stream.
            await eventually("the stub host saw the client leave", timeout: ChatWaits.timeout) {
                host.serveEvents.first?.subEvents.map(\.type) == ["SERVER_SENT_EVENT", "CLIENT_LEFT_MID_STREAM"]
            }
            // Had the request lived on, the rest of the answer would now reach the model.
            stream.release()
            await chat.waitUntilAnswered()
            #expect(chat.state == .cancelled("Hel"))
        }
    }
}
