import Foundation
import Synchronization
import Testing
import UnderstudyJSON

@testable import UnderstudyCore

/// The engine's side of webhooks, with a sender that records instead of sending.
@Suite struct WebhookDispatchTests {
    final class RecordingSender: WebhookSender {
        let sent = Mutex<[WebhookRequest]>([])
        let warned = Mutex<[String]>([])
        func send(_ request: WebhookRequest, timeout: Duration) async throws -> Int {
            sent.withLock { $0.append(request) }
            return 204
        }
    }

    /// Serves `request` as a transport would: decide, then complete.
    private func serve(_ engine: StubEngine, _ request: LoggedRequest) throws {
        guard case .immediate(let decision) = engine.decide(request, capabilities: .inline) else {
            Issue.record("expected an immediate decision")
            return
        }
        engine.complete(decision)
    }

    /// The webhook outcomes noted on serve events, once `count` are there.
    private func outcomes(_ engine: StubEngine, count: Int) async -> [SubEvent] {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let token = engine.journal.observeSubEvents { _, _ in continuation.yield() }
        defer { token.cancel() }
        continuation.yield()
        for await _ in stream {
            let found = engine.journal.events.flatMap(\.subEvents).filter { $0.type == SubEvent.Kind.webhook }
            if found.count >= count { return found }
        }
        return []
    }

    @Test func rendersOriginalRequestAndOriginalResponseAndNotesTheStatus() async throws {
        let engine = StubEngine()
        let sender = RecordingSender()
        engine.webhooks.sender = sender
        try engine.store.add(
            StubMapping(
                jsonText: #"""
                    {"request": {"method": "POST", "urlPathTemplate": "/orders/{id}"},
                     "response": {"status": 201, "headers": {"Location": "/orders/7"}, "body": "made"},
                     "serveEventListeners": [{"name": "webhook", "parameters": {
                       "method": "{{originalRequest.method}}", "url": "http://h/{{originalRequest.path.id}}",
                       "headers": {"X-Status": "{{originalResponse.status}}", "X-Where": "{{originalResponse.headers.Location}}"},
                       "body": "{{jsonPath originalRequest.body '$.n'}}/{{originalResponse.body}}"}}]}
                    """#))
        var request = LoggedRequest(method: "POST", url: "/orders/7")
        request.body = Data(#"{"n": 3}"#.utf8)

        try serve(engine, request)
        let notes = await outcomes(engine, count: 1)

        let sent = try #require(sender.sent.withLock { $0 }.first)
        #expect(sent.method == "POST")
        #expect(sent.url == "http://h/7")
        #expect(sent.headers.first("X-Status") == "201")
        #expect(sent.headers.first("X-Where") == "/orders/7")
        #expect(String(decoding: sent.body, as: UTF8.self) == "3/made")
        #expect(notes.first?.data["status"] == .int(204))
    }

    @Test func withoutASenderEachWebhookIsNotedAsNotSentAndTheWarningComesOnce() async throws {
        let engine = StubEngine()
        let warnings = RecordingSender()
        engine.webhooks.warn = { message in warnings.warned.withLock { $0.append(message) } }
        try engine.store.add(
            StubMapping(
                jsonText: #"{"request": {"url": "/x"}, "postServeActions": {"webhook": {"url": "http://h/cb"}}}"#))

        try serve(engine, LoggedRequest(method: "GET", url: "/x"))
        try serve(engine, LoggedRequest(method: "GET", url: "/x"))
        let notes = await outcomes(engine, count: 2)

        #expect(notes.count == 2)
        #expect(notes.allSatisfy { $0.data["error"]?.stringValue?.contains("no webhook sender") == true })
        #expect(warnings.warned.withLock { $0.count } == 1)
    }
}
