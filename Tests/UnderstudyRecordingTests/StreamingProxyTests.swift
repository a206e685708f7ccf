import Foundation
import Testing
import UnderstudyCore
import UnderstudyRecording
import UnderstudyServer

/// Proxied bodies stream: the client holds the upstream's first part while the upstream is still
/// waiting to send the rest (it waits for the test, which releases it only once the client has
/// that first part). A proxy that buffered the body would never deliver it, and the time limit fails the test.
@Suite(.timeLimit(.minutes(1))) struct StreamingProxyTests {
    static let request = "GET /stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

    @Test(arguments: SteppedUpstream.Framing.allCases)
    func theClientGetsTheFirstPartBeforeTheUpstreamHasSentTheRest(framing: SteppedUpstream.Framing) async throws {
        let upstream = try await SteppedUpstream.start(first: "first-part|", rest: "the-rest", framing: framing)
        let proxy = try await startServer(
            [#"{"response":{"proxyBaseUrl":"\#(upstream.baseURL)"}}"#], proxy: AsyncHTTPProxyForwarder())
        try await withServers([proxy]) {
            try await RawClient.with(port: proxy.port) { client in
                try await client.send(Self.request)
                #expect(try await client.read(until: "first-part|"))
                #expect(!client.text.contains("the-rest"))
                upstream.release()
                let end = framing == .chunked ? "\r\n0\r\n\r\n" : "first-part|the-rest"
                #expect(try await client.read(until: end))
                let head = client.text.lowercased()
                switch framing {
                case .contentLength:
                    #expect(head.contains("content-length: 19\r\n"))
                    #expect(!head.contains("transfer-encoding"))
                case .chunked:
                    #expect(head.contains("transfer-encoding: chunked\r\n"))
                    #expect(!head.contains("content-length"))
                }
            }
        }
        try await upstream.stop()
        // The journal has the whole body, captured on the way through.
        let logged = try #require(proxy.engine.journal.events.first?.response)
        #expect(logged.status == 200)
        #expect(logged.body == Data("first-part|the-rest".utf8))
        #expect(proxy.engine.journal.events.first?.subEvents.isEmpty == true)
    }

    @Test func anUpstreamThatBreaksOffMidBodyClosesTheClientConnection() async throws {
        let upstream = try await SteppedUpstream.start(
            first: "first-part|", rest: "never sent", framing: .contentLength, breakOff: true)
        let proxy = try await startServer(
            [#"{"response":{"proxyBaseUrl":"\#(upstream.baseURL)"}}"#], proxy: AsyncHTTPProxyForwarder())
        try await withServers([proxy]) {
            try await RawClient.with(port: proxy.port) { client in
                try await client.send(Self.request)
                #expect(try await client.read(until: "first-part|"))
                #expect(client.text.hasPrefix("HTTP/1.1 200"))
                upstream.release()
                // The status has gone out: closing is the only way left to say the body is cut.
                await client.readToEnd()
                #expect(client.text.hasSuffix("first-part|"))
            }
        }
        try await upstream.stop()
        let event = try #require(proxy.engine.journal.events.first)
        #expect(event.response?.body == Data("first-part|".utf8))
        #expect(event.subEvents.map(\.type) == ["PROXY_BODY_BROKEN"])
    }

    @Test func aBodyOverTheCaptureLimitReachesTheClientWholeAndTheJournalSaysItKeptPart() async throws {
        let upstream = try await SteppedUpstream.start(first: "first-part|", rest: "the-rest", framing: .contentLength)
        upstream.release()
        var configuration = quietConfiguration
        configuration.maxBodyBytes = 8
        let proxy = try await startServer(
            [#"{"response":{"proxyBaseUrl":"\#(upstream.baseURL)"}}"#], proxy: AsyncHTTPProxyForwarder(),
            configuration: configuration)
        try await withServers([proxy]) {
            let reply = try await fetch(proxy.baseURL, "/big")
            #expect(reply.text == "first-part|the-rest")
        }
        try await upstream.stop()
        let event = try #require(proxy.engine.journal.events.first)
        #expect(event.response?.body == Data("first-pa".utf8))
        let note = try #require(event.subEvents.first)
        #expect(note.type == "PROXY_BODY_NOT_CAPTURED")
        #expect(note.data["bodyBytes"] == .int(19))
    }
}
