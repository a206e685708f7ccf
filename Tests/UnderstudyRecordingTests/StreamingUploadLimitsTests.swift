import Foundation
import Testing
import UnderstudyCore
import UnderstudyRecording
import UnderstudyServer

/// What a streamed upload must not escape: the idle time-out, and the admin API's own routes.
@Suite(.timeLimit(.minutes(1))) struct StreamingUploadLimitsTests {
    @Test func aClientThatFallsSilentMidBodyIsClosedAtTheIdleTimeOut() async throws {
        let upstream = try await UploadUpstream.start(firstPartBytes: 10)
        var configuration = quietConfiguration
        // Long enough for a slow machine (ThreadSanitizer) to connect, send, and get the first
        // part to the upstream before it runs out: the time-out starts when the connection opens,
        // and 2 s was once too short under ThreadSanitizer with the whole suite running.
        configuration.idleTimeout = .seconds(5)
        let proxy = try await startServer(
            [#"{"response":{"proxyBaseUrl":"\#(upstream.baseURL)"}}"#], proxy: AsyncHTTPProxyForwarder(),
            configuration: configuration)
        try await withServers([proxy]) {
            try await RawClient.with(port: proxy.port) { client in
                try await client.send(
                    "POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\na\r\n0123456789\r\n")
                try await upstream.firstPart.get()
                // Nothing more is sent: the server must give up on the connection by itself.
                await client.readToEnd()
            }
            // The upstream request fails rather than ending as if the body were complete.
            try await upstream.brokeOff.get()
            let event = try #require(proxy.engine.journal.events.first)
            #expect(event.subEvents.contains { $0.type == "PROXY_REQUEST_BODY_BROKEN" })
        }
        try await upstream.stop()
    }

    @Test func anAbsoluteFormAdminRequestWithAStreamableBodyReachesTheAdminAPI() async throws {
        let upstream = try await UploadUpstream.start(firstPartBytes: 1)
        let proxy = try await startServer(
            [#"{"response":{"proxyBaseUrl":"\#(upstream.baseURL)"}}"#], admin: true, proxy: AsyncHTTPProxyForwarder())
        try await withServers([proxy]) {
            try await RawClient.with(port: proxy.port) { client in
                let mapping = #"{"request":{"url":"/made"},"response":{"status":204}}"#
                let chunk = String(mapping.utf8.count, radix: 16) + "\r\n" + mapping + "\r\n0\r\n\r\n"
                try await client.send(
                    "POST http://127.0.0.1:\(proxy.port)/__admin/mappings HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                        + chunk)
                await client.readToEnd()
                #expect(client.text.hasPrefix("HTTP/1.1 201"))
            }
            #expect(upstream.requestCount == 0)
            #expect(proxy.engine.store.count == 2)
        }
        try await upstream.stop()
    }
}
