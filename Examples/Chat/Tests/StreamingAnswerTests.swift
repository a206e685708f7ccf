import ChatClient
import Foundation
import UnderstudyTesting

/// Story 1: the answer grows on screen one token at a time. Each token after the first is held
/// at the stream's gate, so the test looks at the UI state between tokens without sleeping.
/// Over both transports: the client's data-task delegate gets each token as it is sent.
@Suite
@MainActor
struct StreamingAnswerTests {
    @Test(arguments: StubTransport.allCases)
    func theStateGrowsOneTokenAtATimeThenIsDone(_ transport: StubTransport) async throws {
        try await ChatHosts.with(transport) { host in
            let stream = host.stub(
                ChatStubs.completions,
                .sse([
                    ChatStubs.token("Hel", id: "1"), ChatStubs.token("lo", id: "2").held(),
                    ChatStubs.token("!", id: "3").held(), ChatStubs.done
                ]))
            let chat = ChatModel(baseURL: host.baseURL, configuration: host.sessionConfiguration())
            #expect(chat.state == .idle)

            chat.send("Say hello")
            await eventually("the first token is shown", timeout: ChatWaits.timeout) { chat.state == .streaming("Hel") }
            try await stream.waitUntilHolding(1)
            #expect(chat.state == .streaming("Hel"))

            stream.release(count: 1)
            await eventually("the second token is shown", timeout: ChatWaits.timeout) {
                chat.state == .streaming("Hello")
            }
            try await stream.waitUntilHolding(1)
            #expect(chat.state == .streaming("Hello"))

            stream.release(count: 1)
            await chat.waitUntilAnswered()
            #expect(chat.state == .done("Hello!"))
            host.expect(
                try ChatStubs.completions.header("Accept", .equalTo("text/event-stream"))
                    .jsonBody([
                        "model": "gpt-4o-mini", "stream": true, "messages": [["role": "user", "content": "Say hello"]]
                    ]),
                .exactly(1))
        }
    }

    /// The same answer from `Stubs/`, as `understudy serve --root Examples/Chat/Stubs` streams it.
    @Test(arguments: StubTransport.allCases)
    func theFolderStreamsAGreeting(_ transport: StubTransport) async throws {
        try await ChatHosts.with(transport, root: ChatStubs.root) { host in
            let chat = ChatModel(baseURL: host.baseURL, configuration: host.sessionConfiguration())
            chat.send("Hi")
            await chat.waitUntilAnswered()
            #expect(chat.state == .done("Hello! How can I help?"))
        }
    }
}
