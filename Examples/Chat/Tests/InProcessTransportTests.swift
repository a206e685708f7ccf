import ChatClient
import Foundation
import UnderstudyTesting

/// The in-process transport cannot stream: it hands URLSession each response whole. Rather than
/// deliver every token at once, it fails at once with a message that names the server transport.
@Suite struct InProcessTransportTests {
    @Test(.inProcessStubs)
    @MainActor
    func streamingAnAnswerInProcessFailsFastNamingTheServerTransport() async throws {
        let stubs = try InProcessStubs.current
        stubs.stub(ChatStubs.completions, .sse([ChatStubs.token("Hel", id: "1"), ChatStubs.done]))
        let chat = ChatModel(baseURL: stubs.baseURL, configuration: stubs.sessionConfiguration())

        chat.send("Say hello")
        await chat.waitUntilAnswered()

        guard case .failed("", .network(let code, let message)) = chat.state else {
            Issue.record("expected a network failure, got \(chat.state)")
            return
        }
        #expect(code == .resourceUnavailable)
        #expect(message.contains("server transport"), "\(message)")
    }

    @Test(.inProcessStubs)
    func messageStubsInProcessFailNamingTheServerTransport() throws {
        let stubs = try InProcessStubs.current
        #expect {
            try stubs.stub(message: .onOpen(channel: .get("/notifications"), .send("{}")))
        } throws: { error in
            error is MessageStubsNeedTheServer && "\(error)".contains("server transport")
        }
    }
}
