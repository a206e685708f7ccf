import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import Understudy
import UnderstudyServer
import UnderstudyTLS

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Swift side of the forward proxy: a test's `StubServer` as the proxy, and clients for
/// code that builds its own absolute URLs.
@Suite struct ProxiedClientTests {
    func withProxy(_ body: (StubServer) async throws -> Void) async throws {
        var configuration = StubServerConfiguration()
        configuration.logger.logLevel = .critical
        configuration.forwardProxy = try .intercepting()
        let server = try await StubServer.start(configuration: configuration)
        do {
            try await body(server)
            try await server.shutdown()
        } catch {
            try? await server.shutdown()
            throw error
        }
    }

    @Test func asyncHTTPClientThroughTheProxyReachesAStubForAnyHost() async throws {
        try await withProxy { server in
            server.stub(.get("/v1/me").host("api.example.com").scheme("https").port(443), .ok(body: "me"))
            let client = HTTPClient(configuration: try server.proxiedHTTPClientConfiguration())
            let response: HTTPClientResponse
            let body: ByteBuffer
            do {
                response = try await client.execute(
                    HTTPClientRequest(url: "https://api.example.com/v1/me"), timeout: .seconds(10))
                body = try await response.body.collect(upTo: 1024)
            } catch {
                try await client.shutdown()
                throw error
            }
            try await client.shutdown()
            #expect(response.status.code == 200)
            #expect(String(buffer: body) == "me")
            #expect(server.receivedRequests.map(\.host) == ["api.example.com"])
        }
    }

    @Test func theCAIsTheOneTheProxyServes() async throws {
        try await withProxy { server in
            let served = try String(
                contentsOf: server.baseURL.appendingPathComponent("__admin/certs/wiremock-ca.crt"), encoding: .utf8)
            #expect(try server.proxyCertificateAuthorityPEM() == served)
        }
    }

    @Test func aServerThatIsNoProxySaysSo() async throws {
        let server = try await StubServer.start()
        defer { Task { try? await server.shutdown() } }
        #expect(throws: ForwardProxyClientError.notAProxy) { try server.proxiedHTTPClientConfiguration() }
    }

    #if !canImport(Darwin)
        @Test func urlSessionOnLinuxCannotTakeTheProxyAndSaysWhatToUse() async throws {
            try await withProxy { server in
                #expect(throws: ForwardProxyClientError.urlSessionCannotUseProxy) {
                    try server.proxiedSessionConfiguration()
                }
                #expect(
                    ForwardProxyClientError.urlSessionCannotUseProxy.description.contains(
                        "proxiedHTTPClientConfiguration"))
            }
        }
    #endif
}
