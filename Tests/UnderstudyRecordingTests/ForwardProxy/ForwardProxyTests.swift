import Foundation
import Testing
import UnderstudyCore
import UnderstudyRecording
import UnderstudyServer

/// `serve --proxy-mode` over real sockets with AsyncHTTPClient as the app: it goes through
/// the proxy (absolute form for `http`, `CONNECT` for `https`) and trusts only the proxy's CA.
@Suite struct ForwardProxyTests {
    static let apiStub =
        #"{"request":{"method":"GET","host":{"equalTo":"api.example.test"},"urlPath":"/hello"},"response":{"status":200,"body":"stubbed hello"}}"#

    @Test func aStubbedHostAnswersInsideAnInterceptedTLSTunnel() async throws {
        try await ForwardProxyHarness.with(stubs: [Self.apiStub]) { harness in
            let reply = try await harness.get("https://api.example.test/hello")
            #expect(reply.status == 200)
            #expect(reply.text == "stubbed hello")
            let request = try #require(harness.proxy.engine.journal.events.first?.request)
            #expect(request.scheme == "https")
            #expect(request.host == "api.example.test")
            #expect(request.port == 443)
            #expect(request.browserProxyRequest)
            #expect(request.absoluteURL == "https://api.example.test/hello")
        }
    }

    @Test func anAbsoluteFormRequestIsMatchedOnItsHostSchemeAndPort() async throws {
        let onPort =
            #"{"request":{"scheme":"http","host":{"equalTo":"api.example.test"},"port":8080,"urlPath":"/hello"},"response":{"status":200,"body":"on 8080"}}"#
        try await ForwardProxyHarness.with(stubs: [Self.apiStub, onPort]) { harness in
            let onDefault = try await harness.get("http://api.example.test/hello")
            let on8080 = try await harness.get("http://api.example.test:8080/hello")
            #expect(onDefault.text == "stubbed hello")
            #expect(on8080.text == "on 8080")
            let ports = harness.proxy.engine.journal.events.map(\.request.port)
            #expect(Set(ports) == [80, 8080])
        }
    }

    @Test func aRequestNoStubMatchesPassesThroughToItsHost() async throws {
        try await ForwardProxyHarness.with(stubs: [Self.apiStub]) { harness in
            let reply = try await harness.get(harness.originBase + "/real")
            #expect(reply.status == 200)
            #expect(reply.text == "from the origin")
            #expect(reply.headers["x-origin"] == "yes")
            #expect(harness.origin.receivedRequests.map(\.url) == ["/real"])
            let event = try #require(harness.proxy.engine.journal.events.first)
            #expect(event.stub == nil)
            #expect(event.responseDefinition.proxy?.baseURL == harness.originBase)
            #expect(event.response?.status == 200)
        }
    }

    @Test func passThroughSwitchedOffAtRuntimeAnswersTheMiss() async throws {
        try await ForwardProxyHarness.with(stubs: [Self.apiStub]) { harness in
            let off = try await fetch(
                "POST", harness.proxy.baseURL, "/__admin/settings", body: Data(#"{"proxyPassThrough":false}"#.utf8))
            #expect(off.status == 200)
            let reply = try await harness.get(harness.originBase + "/real")
            #expect(reply.status == 404)
            // The near miss says which host was asked for.
            #expect(reply.text.contains("127.0.0.1"))
            #expect(harness.origin.receivedRequests.isEmpty)
            _ = try await fetch(
                "POST", harness.proxy.baseURL, "/__admin/settings", body: Data(#"{"proxyPassThrough":true}"#.utf8))
            let again = try await harness.get(harness.originBase + "/real")
            #expect(again.status == 200)
        }
    }

    @Test func theCAIsServedForUsersToInstall() async throws {
        try await ForwardProxyHarness.with { harness in
            let reply = try await fetch(harness.proxy.baseURL, "/__admin/certs/wiremock-ca.crt")
            #expect(reply.status == 200)
            let pem = try harness.authority.pem
            #expect(reply.text == pem)
        }
    }

    @Test func aDeniedTargetIsNeverContacted() async throws {
        let rules = try ProxyTargetRules(allow: [], deny: ["127.0.0.1"])
        try await ForwardProxyHarness.with(targets: rules) { harness in
            let reply = try await harness.get(harness.originBase + "/real")
            #expect(reply.status == 502)
            #expect(reply.text.contains("not a permitted proxy target"))
            #expect(harness.origin.receivedRequests.isEmpty)
        }
    }

    @Test func passingARequestThroughToTheProxyItselfIsALoop() async throws {
        try await ForwardProxyHarness.with { harness in
            let reply = try await harness.get("https://127.0.0.1:\(harness.proxy.port)/nothing")
            #expect(reply.status == 508)
            #expect(reply.text.contains("Loop detected"))
        }
    }

    @Test func anOriginThatRefusesIsABadGateway() async throws {
        try await ForwardProxyHarness.with { harness in
            let reply = try await harness.get("https://127.0.0.1:1/x")
            #expect(reply.status == 502)
        }
    }

    @Test func badInputAfterConnectEndsOnlyThatTunnel() async throws {
        try await ForwardProxyHarness.with(stubs: [Self.apiStub]) { harness in
            let port = harness.proxy.port
            let noPort = try await RawProxyClient.exchange(
                port: port, [RawProxyClient.text("CONNECT nonsense HTTP/1.1\r\n\r\n")])
            #expect(noPort.hasPrefix("HTTP/1.1 400"))
            #expect(noPort.contains("host:port"))
            let garbage = try await RawProxyClient.exchange(
                port: port,
                [
                    RawProxyClient.text("CONNECT api.example.test:443 HTTP/1.1\r\nHost: api.example.test:443\r\n\r\n"),
                    RawProxyClient.text("\u{1}\u{2}garbage that is neither TLS nor HTTP\r\n\r\n")
                ])
            #expect(garbage.hasPrefix("HTTP/1.1 200 Connection Established\r\n\r\n"))
            #expect(garbage.contains("400"))
            // Plain HTTP inside a tunnel is served as sent to the tunnel's host.
            let plain = try await RawProxyClient.exchange(
                port: port,
                [
                    RawProxyClient.text("CONNECT api.example.test:80 HTTP/1.1\r\n\r\n"),
                    RawProxyClient.text("GET /hello HTTP/1.1\r\nHost: api.example.test\r\nConnection: close\r\n\r\n")
                ])
            #expect(plain.contains("stubbed hello"))
            let stillServing = try await harness.get("https://api.example.test/hello")
            #expect(stillServing.status == 200)
        }
    }
}
