import Foundation
import Testing
import Understudy
import UnderstudyTLS

@Suite("Mutual TLS")
struct MutualTLSTests {
    /// A server that requires a certificate from `clients`, and the files curl needs.
    private struct Setup {
        let folder: TemporaryFolder
        let clients: CertificateAuthority
        let tls: StubServerTLS
        let caFile: String

        init() throws {
            folder = try TemporaryFolder()
            clients = try CertificateAuthority.generate(name: "Client CA")
            tls = try StubServerTLS.generated(requiringClientCertificatesFrom: [clients.certificate])
            caFile = try folder.write("ca.pem", try tls.certificateAuthorityPEM())
        }

        /// Writes a client identity's certificate and key; returns curl's arguments for them.
        func clientArguments(_ identity: TLSIdentity, name: String) throws -> [String] {
            let certificate = try folder.write("\(name).pem", try identity.certificateChainPEM())
            let key = try folder.write("\(name)-key.pem", try identity.privateKeyPEM())
            return ["--cert", certificate, "--key", key]
        }
    }

    @Test("a client with a certificate from the client CA gets the answer, and the journal records its subject")
    func certifiedClientIsServed() async throws {
        let setup = try Setup()
        try await withStubServer(tls: setup.tls) { server in
            server.stub(.get("/secret"), .ok(body: "for certified clients"))
            let arguments = try setup.clientArguments(
                try setup.clients.issueClientIdentity(commonName: "billing-service"), name: "client")
            let output = try await Curl.get(
                try #require(server.httpsBaseURL).appendingPathComponent("secret"), caFile: setup.caFile,
                extra: arguments, in: setup.folder)
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout == "for certified clients")
            let request = try #require(server.receivedRequests.first)
            #expect(request.clientCertificateSubject == "CN=billing-service")
            #expect(request.scheme == "https")
        }
    }

    @Test("a client without a certificate is refused at the handshake (TLS 1.2 and 1.3); nothing is journalled")
    func clientWithoutCertificateIsRefused() async throws {
        let setup = try Setup()
        try await withStubServer(tls: setup.tls) { server in
            server.stub(.get("/secret"), .ok(body: "for certified clients"))
            let url = try #require(server.httpsBaseURL).appendingPathComponent("secret")
            for version in ["1.2", "1.3"] {
                let output = try await Curl.get(
                    url, caFile: setup.caFile, extra: ["--tlsv\(version)", "--tls-max", version], in: setup.folder)
                #expect(output.status != 0, "TLS \(version): \(output.stdout)")
                #expect(output.stdout.isEmpty)
            }
            #expect(server.receivedRequests.isEmpty)
        }
    }

    @Test("a client whose certificate comes from another CA is refused")
    func clientFromAnotherCAIsRefused() async throws {
        let setup = try Setup()
        try await withStubServer(tls: setup.tls) { server in
            server.stub(.get("/secret"), .ok(body: "for certified clients"))
            let stranger = try CertificateAuthority.generate(name: "Stranger CA")
            let arguments = try setup.clientArguments(
                try stranger.issueClientIdentity(commonName: "intruder"), name: "intruder")
            let output = try await Curl.get(
                try #require(server.httpsBaseURL).appendingPathComponent("secret"), caFile: setup.caFile,
                extra: arguments, in: setup.folder)
            #expect(output.status != 0)
            #expect(output.stdout.isEmpty)
            #expect(server.receivedRequests.isEmpty)
        }
    }
}
