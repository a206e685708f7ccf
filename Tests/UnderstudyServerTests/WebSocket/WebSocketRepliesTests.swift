import Foundation
import Testing
import UnderstudyCore
import UnderstudyServer

/// Replies over a real socket when a channel sends the same fixed text again and again, mixed
/// with templated ones: the fixed reply's bytes are reused, and must never leak into another.
@Suite struct WebSocketRepliesTests {
    static let stubs = [
        #"{"trigger":{"type":"message","message":{"body":{"equalTo":"fixed"}}},"actions":[{"type":"send","message":{"body":{"data":"the same reply"}}}]}"#,
        #"{"trigger":{"type":"message","message":{"body":{"matches":"echo .*"}}},"actions":[{"type":"send","transformers":["response-template"],"message":{"body":{"data":"{{message.body}}!"}}}]}"#
    ]

    @Test func fixedAndTemplatedRepliesStayApartOverManyMessages() async throws {
        try await withServer([], configuration: quietConfiguration) { server in
            for stub in Self.stubs { server.engine.messages.stubs.add(try MessageStubMapping(jsonText: stub)) }
            try await RawConnection.with(port: server.port) { connection in
                _ = try await connection.openWebSocket("/any")
                var expected: [TestFrame?] = []
                for i in 0..<6 {
                    let text = i % 3 == 2 ? "echo \(i)" : "fixed"
                    try await connection.send(.text(text))
                    expected.append(.text(i % 3 == 2 ? "echo \(i)!" : "the same reply"))
                }
                var replies: [TestFrame?] = []
                for _ in expected { replies.append(try await connection.readWebSocketFrame()) }
                #expect(replies == expected)
            }
            let sent = server.engine.messages.journal.events.filter { $0.direction == .sent }
            #expect(sent.count == 6)
        }
    }
}
