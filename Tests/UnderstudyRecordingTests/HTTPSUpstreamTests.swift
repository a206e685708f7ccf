import Foundation
import Testing
import Understudy
import UnderstudyCore
import UnderstudyRecording
import UnderstudyServer
import UnderstudyTLS

/// Proxy stubs to an HTTPS upstream with a private CA (a StubServer over TLS, which offers h2):
/// refused by default, trusted with its CA file or by naming its host, never trusted wholesale.
@Suite struct HTTPSUpstreamTests {
    func withUpstream<T>(_ body: (StubServer, String) async throws -> T) async throws -> T {
        let upstream = try await StubServer.start(tls: try StubServerTLS.generated())
        upstream.stub(.get("/real"), .ok(body: "from the upstream"))
        let folder = try TemporaryFolder()
        let caFile = folder.url.appendingPathComponent("upstream-ca.pem").path
        try Data(try upstream.certificateAuthorityPEM().utf8).write(to: URL(fileURLWithPath: caFile))
        do {
            let result = try await body(upstream, caFile)
            try await upstream.shutdown()
            return result
        } catch {
            try? await upstream.shutdown()
            throw error
        }
    }

    func proxied(to upstream: StubServer, trust: UpstreamTrust) async throws -> Reply {
        let base = try #require(upstream.httpsBaseURL).absoluteString
        let proxy = try await startServer(
            [#"{"request":{"urlPath":"/real"},"response":{"proxyBaseUrl":"\#(base)"}}"#],
            proxy: AsyncHTTPProxyForwarder(timeout: .seconds(10), trust: trust))
        return try await withServers([proxy]) { try await fetch(proxy.baseURL, "/real") }
    }

    @Test func aPrivateUpstreamIsRefusedByDefault() async throws {
        try await withUpstream { upstream, _ in
            let reply = try await proxied(to: upstream, trust: UpstreamTrust())
            #expect(reply.status == 502)
            #expect(upstream.receivedRequests.isEmpty)
        }
    }

    @Test func itsCAFileTrustsIt() async throws {
        try await withUpstream { upstream, caFile in
            let reply = try await proxied(to: upstream, trust: UpstreamTrust(certificateAuthorityFiles: [caFile]))
            #expect(reply.status == 200)
            #expect(reply.text == "from the upstream")
            // AsyncHTTPClient and the upstream settled on h2 by ALPN.
            #expect(upstream.receivedRequests.map(\.protocolVersion) == ["HTTP/2.0"])
            #expect(upstream.receivedRequests.map(\.scheme) == ["https"])
        }
    }

    @Test func namingItsHostTrustsThatHostOnly() async throws {
        try await withUpstream { upstream, _ in
            let trusted = try await proxied(to: upstream, trust: UpstreamTrust(trustedHosts: ["127.0.0.1"]))
            #expect(trusted.status == 200)
            let other = try await proxied(to: upstream, trust: UpstreamTrust(trustedHosts: ["localhost"]))
            #expect(other.status == 502)
        }
    }

    @Test func aBrokenCAFileIsNamed() throws {
        let trust = UpstreamTrust(certificateAuthorityFiles: ["/nonexistent/ca.pem"])
        #expect(throws: UpstreamTrustError.self) { try trust.validate() }
        do {
            try trust.validate()
        } catch {
            #expect(error.description.hasPrefix("--proxy-ca /nonexistent/ca.pem "))
        }
    }
}
