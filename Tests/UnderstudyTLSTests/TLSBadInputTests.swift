import Foundation
import Testing
import Understudy
import UnderstudyTLS

@Suite("Bad input over TLS leaves the server serving", .timeLimit(.minutes(1)))
struct TLSBadInputTests {
    /// A good HTTPS request on a new connection, after whatever came before.
    private func expectServing(_ server: StubServer, caFile: String, in folder: TemporaryFolder) async throws {
        let output = try await Curl.get(
            try #require(server.httpsBaseURL).appendingPathComponent("good"), caFile: caFile, in: folder)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == "still here")
    }

    @Test("plain HTTP and random bytes instead of a ClientHello: the connection is closed, no HTTP answer")
    func garbageBeforeTheHandshake() async throws {
        let folder = try TemporaryFolder()
        let tls = try StubServerTLS.generated()
        let caFile = try folder.write("ca.pem", try tls.certificateAuthorityPEM())
        try await withStubServer(tls: tls) { server in
            server.stub(.get("/good"), .ok(body: "still here"))
            let port = try #require(server.httpsPort)
            var random = SystemRandomNumberGenerator()
            let garbage: [[UInt8]] = [
                Array("GET /good HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
                (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) },
                // A TLS record header that promises a huge handshake message, then stops.
                [0x16, 0x03, 0x01, 0xFF, 0xFF, 0x01, 0xFF, 0xFF, 0xFF]
            ]
            for bytes in garbage {
                let answer = try await RawTCP.sendThenReadUntilClosed(port: port, bytes: bytes)
                #expect(!String(decoding: answer, as: UTF8.self).contains("HTTP/1.1"))
            }
            #expect(server.receivedRequests.isEmpty)
            try await expectServing(server, caFile: caFile, in: folder)
        }
    }

    @Test("a client that opens TCP and sends nothing is closed at the handshake time-out")
    func silentClientTimesOut() async throws {
        let folder = try TemporaryFolder()
        // Long enough that the good request after it (a curl process, on a loaded CI machine) is
        // not cut off at its own handshake: 200 ms was not, with the whole suite running, and 2 s
        // was not under ThreadSanitizer.
        let tls = try StubServerTLS.generated(handshakeTimeout: .seconds(8))
        let caFile = try folder.write("ca.pem", try tls.certificateAuthorityPEM())
        try await withStubServer(tls: tls) { server in
            server.stub(.get("/good"), .ok(body: "still here"))
            // Returns only because the server closes the connection.
            let answer = try await RawTCP.sendThenReadUntilClosed(port: try #require(server.httpsPort), bytes: [])
            #expect(answer.isEmpty)
            try await expectServing(server, caFile: caFile, in: folder)
        }
    }

    @Test(
        "a TLS 1.2 renegotiation attempt is refused, and the server goes on serving",
        .enabled(if: ExternalProcess.find("openssl") != nil))
    func renegotiationIsRefused() async throws {
        let folder = try TemporaryFolder()
        let tls = try StubServerTLS.generated()
        let caFile = try folder.write("ca.pem", try tls.certificateAuthorityPEM())
        try await withStubServer(tls: tls) { server in
            server.stub(.get("/good"), .ok(body: "still here"))
            let port = try #require(server.httpsPort)
            // s_client reads "R" on a line of its own as "renegotiate"; its input stays open, so it
            // ends only when the server closes the connection.
            let output = try await ExternalProcess.run(
                "openssl", ["s_client", "-connect", "127.0.0.1:\(port)", "-tls1_2", "-CAfile", caFile], in: folder,
                input: "R\n")
            #expect(output.stderr.contains("RENEGOTIATING"), "\(output.stderr)")
            #expect(output.status != 0, "\(output.stdout)")
            try await expectServing(server, caFile: caFile, in: folder)
        }
    }
}
