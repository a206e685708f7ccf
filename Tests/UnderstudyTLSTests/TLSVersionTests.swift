import Foundation
import Testing
import Understudy
import UnderstudyTLS

@Suite("TLS versions and addresses")
struct TLSVersionTests {
    @Test(
        "TLS 1.0 and 1.1 are refused with a protocol_version alert; 1.2 and 1.3 complete",
        .enabled(if: ExternalProcess.find("openssl") != nil))
    func onlyModernVersions() async throws {
        let folder = try TemporaryFolder()
        let tls = try StubServerTLS.generated()
        let caFile = try folder.write("ca.pem", try tls.certificateAuthorityPEM())
        try await withStubServer(tls: tls) { server in
            let port = try #require(server.httpsPort)
            func handshake(_ version: String) async throws -> ExternalProcess.Output {
                // SECLEVEL=0 lets this OpenSSL offer the old versions at all, so the refusal is the server's.
                try await ExternalProcess.run(
                    "openssl",
                    [
                        "s_client", "-connect", "127.0.0.1:\(port)", "-\(version)", "-cipher", "DEFAULT@SECLEVEL=0",
                        "-CAfile", caFile
                    ], in: folder)
            }
            for old in ["tls1", "tls1_1"] {
                let output = try await handshake(old)
                #expect(output.stderr.contains("alert protocol version"), "\(old): \(output.stderr)")
            }
            for (modern, name) in [("tls1_2", "TLSv1.2"), ("tls1_3", "TLSv1.3")] {
                let output = try await handshake(modern)
                #expect(output.stdout.contains("New, \(name), Cipher is"), "\(modern): \(output.stdout)")
                #expect(output.stdout.contains("Verify return code: 0 (ok)"), "\(modern): \(output.stdout)")
            }
        }
    }

    @Test("bound to ::1, the server's certificate verifies for https://[::1]:PORT")
    func ipv6Loopback() async throws {
        let folder = try TemporaryFolder()
        var configuration = StubServerConfiguration(host: "::1")
        configuration.logger.logLevel = .warning
        try await withStubServer(configuration: configuration, tls: try StubServerTLS.generated()) { server in
            server.stub(.get("/six"), .ok(body: "six"))
            let url = try #require(server.httpsBaseURL)
            #expect(url.absoluteString.hasPrefix("https://[::1]:"))
            let caFile = try folder.write("ca.pem", try server.certificateAuthorityPEM())
            let output = try await Curl.get(url.appendingPathComponent("six"), caFile: caFile, in: folder)
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout == "six")
        }
    }
}
