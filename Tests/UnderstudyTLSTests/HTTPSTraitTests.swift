import Foundation
import Testing
import Understudy
import UnderstudyTLS
import UnderstudyTesting

@Suite("HTTPS through the Swift API's conveniences")
struct HTTPSTraitTests {
    @Test(
        "the .stubServer(tls:) trait gives each test a server that also serves HTTPS", .stubServer(tls: try .generated))
    func traitServesHTTPS() async throws {
        let server = try StubServer.current
        server.stub(.get("/trait"), .ok(body: "from the trait"))
        let folder = try TemporaryFolder()
        let caFile = try folder.write("ca.pem", try server.certificateAuthorityPEM())
        let output = try await Curl.get(
            try #require(server.httpsBaseURL).appendingPathComponent("trait"), caFile: caFile, in: folder)
        #expect(output.stdout == "from the trait", "\(output.stderr)")
        #expect(server.receivedRequests.map(\.scheme) == ["https"])
    }

    @Test("withStubServer(tls: .generated) serves HTTPS and shuts down")
    func withStubServerGenerated() async throws {
        let folder = try TemporaryFolder()
        let httpsURL = try await withStubServer(tls: .generated) { server in
            server.stub(.get("/scoped"), .ok(body: "scoped"))
            let url = try #require(server.httpsBaseURL)
            let caFile = try folder.write("ca.pem", try server.certificateAuthorityPEM())
            let output = try await Curl.get(url.appendingPathComponent("scoped"), caFile: caFile, in: folder)
            #expect(output.stdout == "scoped", "\(output.stderr)")
            return url
        }
        // Stopped: the port no longer answers.
        let after = try await Curl.get(httpsURL.appendingPathComponent("scoped"), caFile: nil, in: folder)
        #expect(after.status == 7, "curl's exit code for a refused connection; got \(after.status)")
    }
}
