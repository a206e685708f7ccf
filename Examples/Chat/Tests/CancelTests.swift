import ChatClient
import Foundation
import UnderstudyTesting

/// Story 3: the user stops the answer mid-stream. The screen keeps what arrived, and the request
/// is really cancelled: the server, still holding the next token, sees the client leave.
@Suite(.stubServer())
@MainActor
struct CancelTests {
    @Test func cancellingKeepsThePartialAnswerAndLeavesTheStream() async throws {
        let server = try StubServer.current
        let stream = server.stub(
            ChatStubs.completions,
            .sse([ChatStubs.token("Hel", id: "1"), ChatStubs.token("lo", id: "2").held(), ChatStubs.done]))
        let chat = ChatModel(baseURL: server.baseURL, configuration: server.sessionConfiguration())

        chat.send("Say hello")
        await eventually("the first token is shown") { chat.state == .streaming("Hel") }
        await server.expectHeld(stream)
        chat.cancel()
        #expect(chat.state == .cancelled("Hel"))

        // Not released yet: only a closed connection can end this stream.
        await eventually("the server saw the client leave") {
            server.serveEvents.first?.subEvents.map(\.type) == ["SERVER_SENT_EVENT", "CLIENT_LEFT_MID_STREAM"]
        }
        // Had the request lived on, the rest of the answer would now reach the model.
        stream.release()
        await chat.waitUntilAnswered()
        #expect(chat.state == .cancelled("Hel"))
    }
}
