// Backs the article "HTTPS" (Sources/Understudy/Understudy.docc/HTTPS.md).
import AsyncHTTPClient
import Foundation
import Testing
import Understudy
import UnderstudyTLS

@Suite struct HTTPSSnippets {
    // Backs HTTPS.md, listing "generated".
    @Test func aGeneratedCertificate() async throws {
        try await withStubServer(tls: .generated) { server in
            server.stub(.get("/timeline"), .ok(json: "[]"))
            let https = try #require(server.httpsBaseURL)

            // AsyncHTTPClient trusting this server's CA and nothing else.
            let client = HTTPClient(
                eventLoopGroupProvider: .singleton, configuration: try server.httpClientConfiguration())
            do {
                let response = try await client.execute(
                    HTTPClientRequest(url: https.appendingPathComponent("timeline").absoluteString),
                    timeout: .seconds(10))
                #expect(response.status == .ok)
            } catch {
                try await client.shutdown()
                throw error
            }
            try await client.shutdown()

            #expect(server.receivedRequests.first?.scheme == "https")
            #expect(try server.certificateAuthorityPEM().hasPrefix("-----BEGIN CERTIFICATE-----"))
        }
    }

    // Backs HTTPS.md, listing "urlsession-linux".
    @Test func urlSessionOnLinux() async throws {
        try await withStubServer(tls: .generated) { server in
            #if os(Linux)
                // FoundationNetworking cannot trust a CA per session: this says what to do instead.
                #expect(throws: StubServerTLSError.urlSessionCannotTrustCertificateAuthority) {
                    _ = try server.httpsSession()
                }
            #else
                _ = try server.httpsSession()
            #endif
            #expect(server.baseURL.scheme == "http")  // the plain listener serves the same stubs
        }
    }
}
