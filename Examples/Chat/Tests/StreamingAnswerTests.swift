import ChatClient
import Foundation
import UnderstudyTesting

/// Story 1: the answer grows on screen one token at a time. Each token after the first is held
/// at the stream's gate, so the test looks at the UI state between tokens without sleeping.
@Suite(.stubServer())
@MainActor
struct StreamingAnswerTests {
    @Test func theStateGrowsOneTokenAtATimeThenIsDone() async throws {
        let server = try StubServer.current
        let stream = server.stub(
            ChatStubs.completions,
            .sse([
                ChatStubs.token("Hel", id: "1"), ChatStubs.token("lo", id: "2").held(),
                ChatStubs.token("!", id: "3").held(), ChatStubs.done
            ]))
        let chat = ChatModel(baseURL: server.baseURL, configuration: server.sessionConfiguration())
        #expect(chat.state == .idle)

        chat.send("Say hello")
        await eventually("the first token is shown") { chat.state == .streaming("Hel") }
        try await stream.waitUntilHolding(1)
        #expect(chat.state == .streaming("Hel"))

        stream.release(count: 1)
        await eventually("the second token is shown") { chat.state == .streaming("Hello") }
        try await stream.waitUntilHolding(1)
        #expect(chat.state == .streaming("Hello"))

        stream.release(count: 1)
        await chat.waitUntilAnswered()
        #expect(chat.state == .done("Hello!"))
        server.expect(
            try ChatStubs.completions.header("Accept", .equalTo("text/event-stream"))
                .jsonBody([
                    "model": "gpt-4o-mini", "stream": true, "messages": [["role": "user", "content": "Say hello"]]
                ]),
            .exactly(1))
    }

    /// The same answer from `Stubs/`, as `understudy serve --root Examples/Chat/Stubs` streams it.
    @Test(.stubServer(root: ChatStubs.root))
    func theFolderStreamsAGreeting() async throws {
        let server = try StubServer.current
        let chat = ChatModel(baseURL: server.baseURL, configuration: server.sessionConfiguration())
        chat.send("Hi")
        await chat.waitUntilAnswered()
        #expect(chat.state == .done("Hello! How can I help?"))
    }
}
