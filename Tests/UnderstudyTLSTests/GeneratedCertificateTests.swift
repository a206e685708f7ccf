import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL
import Testing
import Understudy
import UnderstudyTLS
import X509

@Suite("HTTPS with a generated CA")
struct GeneratedCertificateTests {
    @Test("curl with the CA file gets the stub's body over HTTPS/1.1, and the journal says https")
    func curlTrustsTheGeneratedCA() async throws {
        let folder = try TemporaryFolder()
        try await withStubServer(tls: try StubServerTLS.generated()) { server in
            server.stub(.get("/hello"), .ok(body: "hello over TLS"))
            let caFile = try folder.write("ca.pem", try server.certificateAuthorityPEM())
            let httpsURL = try #require(server.httpsBaseURL)
            #expect(httpsURL.scheme == "https")
            #expect(server.httpsPort != server.port)

            let output = try await Curl.get(httpsURL.appendingPathComponent("hello"), caFile: caFile, in: folder)
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout == "hello over TLS")

            let request = try #require(server.receivedRequests.first)
            #expect(request.scheme == "https")
            #expect(request.port == server.httpsPort)
            #expect(request.clientCertificateSubject == nil)
        }
    }

    @Test("the leaf names localhost as well as 127.0.0.1")
    func curlReachesLocalhost() async throws {
        let folder = try TemporaryFolder()
        try await withStubServer(tls: try StubServerTLS.generated()) { server in
            server.stub(.get("/name"), .ok(body: "by name"))
            let caFile = try folder.write("ca.pem", try server.certificateAuthorityPEM())
            let port = try #require(server.httpsPort)
            let url = try #require(URL(string: "https://localhost:\(port)/name"))
            let output = try await Curl.get(
                url, caFile: caFile, extra: ["--resolve", "localhost:\(port):127.0.0.1"], in: folder)
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout == "by name")
        }
    }

    @Test("curl without the CA refuses the certificate, and the plain listener still serves")
    func curlWithoutTheCAFailsVerification() async throws {
        let folder = try TemporaryFolder()
        try await withStubServer(tls: try StubServerTLS.generated()) { server in
            server.stub(.get("/hello"), .ok(body: "hello"))
            let httpsURL = try #require(server.httpsBaseURL)
            let refused = try await Curl.get(httpsURL.appendingPathComponent("hello"), caFile: nil, in: folder)
            #expect(refused.status == Curl.peerFailedVerification, "\(refused.stderr)")

            let otherCA = try folder.write("other.pem", try CertificateAuthority.generate().pem)
            let wrongCA = try await Curl.get(httpsURL.appendingPathComponent("hello"), caFile: otherCA, in: folder)
            #expect(wrongCA.status == Curl.peerFailedVerification, "\(wrongCA.stderr)")

            let plain = try await Curl.get(server.baseURL.appendingPathComponent("hello"), caFile: nil, in: folder)
            #expect(plain.stdout == "hello")
            #expect(server.receivedRequests.map(\.scheme) == ["http"])
        }
    }

    @Test(
        "AsyncHTTPClient trusting only the CA gets the answer, over h2 (its default by ALPN) and HTTP/1.1",
        arguments: [true, false])
    func asyncHTTPClientTrustsTheCA(http2: Bool) async throws {
        try await withStubServer(tls: try StubServerTLS.generated()) { server in
            server.stub(.get("/ahc"), .ok(json: #"{"ok":true}"#))
            var configuration = try server.httpClientConfiguration()
            configuration.httpVersion = http2 ? .automatic : .http1Only
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            do {
                let url = try #require(server.httpsBaseURL).appendingPathComponent("ahc").absoluteString
                let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
                let body = try await response.body.collect(upTo: 1024)
                #expect(response.status == .ok)
                #expect(response.version == (http2 ? .http2 : .http1_1))
                #expect(String(buffer: body) == #"{"ok":true}"#)
                #expect(server.receivedRequests.map(\.protocolVersion) == [http2 ? "HTTP/2.0" : "HTTP/1.1"])
                try await client.shutdown()
            } catch {
                try? await client.shutdown()
                throw error
            }
        }
    }

    @Test("AsyncHTTPClient with the system's roots only refuses the generated certificate")
    func asyncHTTPClientWithoutTheCAFails() async throws {
        try await withStubServer(tls: try StubServerTLS.generated()) { server in
            server.stub(.get("/ahc"), .ok())
            var configuration = HTTPClient.Configuration()
            configuration.httpVersion = .http1Only
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            let url = try #require(server.httpsBaseURL).appendingPathComponent("ahc").absoluteString
            // AsyncHTTPClient retries a failed connection until the deadline, then reports why it
            // failed: the deadline leaves room for one refused handshake on a loaded machine (3 s
            // did not, under ThreadSanitizer, and the client reported only the deadline).
            await #expect(throws: NIOSSLError.self) {
                _ = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
            }
            try await client.shutdown()
            #expect(server.receivedRequests.isEmpty)
        }
    }

    @Test("the CA as PEM and DER is the same certificate, and a CA")
    func certificateAuthorityExports() throws {
        let tls = try StubServerTLS.generated(hosts: ["api.test"])
        let fromPEM = try Certificate(pemEncoded: try tls.certificateAuthorityPEM())
        let fromDER = try Certificate(derEncoded: try tls.certificateAuthorityDER())
        #expect(fromPEM == fromDER)
        #expect(fromPEM == tls.certificateAuthority)
        #expect(try fromPEM.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 0))
        let names = try #require(try tls.identity.certificateChain[0].extensions.subjectAlternativeNames)
        #expect(names.contains(.dnsName("api.test")))
        #expect(names.contains(.dnsName("localhost")))
        #expect(tls.identity.certificateChain[0].issuer == fromPEM.subject)
    }

    @Test("StubServer.start(tls: .generated) serves HTTPS with a CA read back from the server")
    func startWithGenerated() async throws {
        let folder = try TemporaryFolder()
        let server = try await StubServer.start(tls: .generated)
        do {
            server.stub(.get("/generated"), .ok(body: "generated"))
            let caFile = try folder.write("ca.pem", try server.certificateAuthorityPEM())
            let output = try await Curl.get(
                try #require(server.httpsBaseURL).appendingPathComponent("generated"), caFile: caFile, in: folder)
            #expect(output.stdout == "generated", "\(output.stderr)")
            try await server.shutdown()
        } catch {
            try? await server.shutdown()
            throw error
        }
    }

    @Test("URLSession cannot be given the CA on Linux: httpsSession() says what to do instead")
    func urlSessionStory() async throws {
        try await withStubServer(tls: try StubServerTLS.generated()) { server in
            #expect(throws: StubServerTLSError.urlSessionCannotTrustCertificateAuthority) {
                _ = try server.httpsSession()
            }
            return
        }
        try await withStubServer { server in
            #expect(throws: StubServerTLSError.notServingHTTPS) { _ = try server.certificateAuthorityPEM() }
            #expect(server.httpsBaseURL == nil)
        }
    }
}

@Suite("What a stub does over HTTPS")
struct HTTPSStubBehaviourTests {
    @Test("a CONNECTION_RESET_BY_PEER fault resets the TLS connection; the next request is served")
    func faultOverTLS() async throws {
        let folder = try TemporaryFolder()
        try await withStubServer(tls: try StubServerTLS.generated()) { server in
            server.stub(.get("/reset"), .fault(.connectionResetByPeer))
            server.stub(.get("/fine"), .ok(body: "fine"))
            let caFile = try folder.write("ca.pem", try server.certificateAuthorityPEM())
            let base = try #require(server.httpsBaseURL)
            let reset = try await Curl.get(base.appendingPathComponent("reset"), caFile: caFile, in: folder)
            // 56: a failure receiving data (the reset); a TLS close_notify would give 52, an empty reply.
            #expect(reset.status == 56, "\(reset.stderr)")
            #expect(reset.stderr.contains("reset by peer"), "\(reset.stderr)")
            let fine = try await Curl.get(base.appendingPathComponent("fine"), caFile: caFile, in: folder)
            #expect(fine.stdout == "fine", "\(fine.stderr)")
        }
    }

    @Test("goOffline resets HTTPS connections as it does plain ones; goOnline serves again")
    func offlineOverTLS() async throws {
        let folder = try TemporaryFolder()
        try await withStubServer(tls: try StubServerTLS.generated()) { server in
            server.stub(.get("/fine"), .ok(body: "fine"))
            let caFile = try folder.write("ca.pem", try server.certificateAuthorityPEM())
            let url = try #require(server.httpsBaseURL).appendingPathComponent("fine")
            await server.goOffline()
            let offline = try await Curl.get(url, caFile: caFile, in: folder)
            #expect(offline.status == 56, "\(offline.stderr)")
            #expect(offline.stdout.isEmpty)
            await server.goOnline()
            let online = try await Curl.get(url, caFile: caFile, in: folder)
            #expect(online.stdout == "fine", "\(online.stderr)")
            #expect(server.receivedRequests.count == 1)
        }
    }
}
