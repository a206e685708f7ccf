import Foundation
import SocketSupport
import Testing
import UnderstudyCore
import UnderstudyRecording
import UnderstudyServer

/// Stubs with `proxyBaseUrl`, forwarded over real sockets to a real upstream server.
@Suite struct ProxyTests {
    @Test func forwardsWithPrefixRemovedHeadersAdjustedAndJournalsTheProxiedResponse() async throws {
        let upstream = try await startServer([
            #"{"request":{"method":"POST","url":"/things?x=1"},"response":{"status":201,"body":"made","headers":{"X-Up":"1","Connection":"keep-alive"}}}"#
        ])
        let stub = """
            {"request":{"urlPathPattern":"/api/.*"},"response":{"proxyBaseUrl":"\(upstream.baseURL.absoluteString)",
            "proxyUrlPrefixToRemove":"/api","additionalProxyRequestHeaders":{"X-Added":"yes"},"removeProxyRequestHeaders":["X-Secret"]}}
            """
        let proxy = try await startServer([stub], proxy: AsyncHTTPProxyForwarder())
        try await withServers([proxy, upstream]) {
            let reply = try await fetch(
                "POST", proxy.baseURL, "/api/things?x=1", body: Data("hello".utf8),
                headers: ["X-Secret": "s", "X-Kept": "k"])
            #expect(reply.status == 201)
            #expect(reply.text == "made")
            #expect(reply.header("X-Up") == "1")
            let seen = try #require(upstream.engine.journal.events.first?.request)
            #expect(seen.url == "/things?x=1")
            #expect(seen.bodyText == "hello")
            #expect(seen.headers.first("X-Added") == "yes")
            #expect(seen.headers.first("X-Kept") == "k")
            #expect(seen.headers.first("X-Secret") == nil)
            // The upstream saw its own host, not ours.
            #expect(seen.headers.first("Host")?.hasSuffix(":\(upstream.port)") == true)
        }
        // The journal entry is completed once the response is written; stopping waits for that.
        let logged = try #require(proxy.engine.journal.events.first?.response)
        #expect(logged.status == 201)
        #expect(logged.body == Data("made".utf8))
    }

    @Test func binaryBodiesPassThroughByteForByte() async throws {
        let upstream = try await startServer([
            #"{"request":{"url":"/bytes"},"response":{"base64Body":"\#(binaryBody.base64EncodedString())","headers":{"Content-Type":"application/octet-stream"}}}"#
        ])
        let proxy = try await startServer(
            [#"{"response":{"proxyBaseUrl":"\#(upstream.baseURL.absoluteString)"}}"#], proxy: AsyncHTTPProxyForwarder())
        try await withServers([proxy, upstream]) {
            let reply = try await fetch(proxy.baseURL, "/bytes")
            #expect(reply.body == binaryBody)
        }
    }

    @Test func aRefusedConnectionIs502WithAClearBody() async throws {
        let refused = try RefusedPort()
        let deadURL = refused.baseURL
        let proxy = try await startServer(
            [#"{"response":{"proxyBaseUrl":"\#(deadURL)"}}"#], proxy: AsyncHTTPProxyForwarder())
        try await withServers([proxy]) {
            let reply = try await fetch(proxy.baseURL, "/anything")
            #expect(reply.status == 502)
            #expect(reply.text.hasPrefix("Bad gateway: proxying to \(deadURL)/anything failed"))
        }
        #expect(proxy.engine.journal.events.first?.response?.status == 502)
        withExtendedLifetime(refused) {}
    }

    @Test func garbageFromTheUpstreamIs502() async throws {
        let upstream = try await startServer([#"{"response":{"fault":"RANDOM_DATA_THEN_CLOSE"}}"#])
        let proxy = try await startServer(
            [#"{"response":{"proxyBaseUrl":"\#(upstream.baseURL.absoluteString)"}}"#], proxy: AsyncHTTPProxyForwarder())
        try await withServers([proxy, upstream]) {
            let reply = try await fetch(proxy.baseURL, "/x")
            #expect(reply.status == 502)
            #expect(reply.text.contains("Bad gateway"))
        }
    }

    @Test func aSlowUpstreamIs504() async throws {
        let upstream = try await startServer([#"{"response":{"status":200,"fixedDelayMilliseconds":60000}}"#])
        let proxy = try await startServer(
            [#"{"response":{"proxyBaseUrl":"\#(upstream.baseURL.absoluteString)"}}"#],
            proxy: AsyncHTTPProxyForwarder(timeout: .milliseconds(200)))
        try await withServers([proxy, upstream]) {
            let reply = try await fetch(proxy.baseURL, "/slow")
            #expect(reply.status == 504)
            #expect(reply.text.hasPrefix("Gateway time-out"))
        }
    }

    @Test func withoutAForwarderTheServerSaysHowToGetProxying() async throws {
        let server = try await startServer([#"{"response":{"proxyBaseUrl":"http://127.0.0.1:9"}}"#])
        try await withServers([server]) {
            let reply = try await fetch(server.baseURL, "/x")
            #expect(reply.status == 500)
            #expect(reply.text.contains("UnderstudyRecording"))
            #expect(reply.text.contains("'understudy' command"))
        }
    }

    @Test func upstreamRequestFollowsWireMockHeaderRules() {
        var headers = HeaderFields()
        headers.add("Host", "127.0.0.1:1")
        headers.add("Connection", "keep-alive, X-Hop")
        headers.add("X-Hop", "1")
        headers.add("Proxy-Authorization", "Basic x")
        headers.add("Content-Length", "3")
        headers.add("Accept", "a")
        headers.add("X-Replace", "old")
        let request = LoggedRequest(method: "PUT", url: "/v1/items/7?q=a", headers: headers, body: Data("abc".utf8))
        let settings = ProxySettings(
            baseURL: "https://api.example.com/base/", urlPrefixToRemove: "/v1",
            additionalRequestHeaders: [NamedValues("X-Replace", "new")])
        let outbound = ProxyRequest(forwarding: request, settings: settings)
        #expect(outbound.url == "https://api.example.com/base/items/7?q=a")
        #expect(outbound.headers.names == ["Accept", "X-Replace"])
        #expect(outbound.headers.first("X-Replace") == "new")
        #expect(outbound.body == Data("abc".utf8))
    }
}
