import Foundation
import Testing
import Understudy
import UnderstudyTLS

@Suite("HTTPS with the user's CA or certificate")
struct UserCertificateTests {
    @Test("a leaf signed by a CA read from PEM files (made by this library) verifies against that CA")
    func leafFromUserCAFiles() async throws {
        let folder = try TemporaryFolder()
        let authority = try CertificateAuthority.generate(name: "Team CA")
        let caFile = try folder.write("ca.pem", try authority.pem)
        let keyFile = try folder.write("ca-key.pem", try authority.privateKeyPEM())
        let tls = try StubServerTLS.signed(
            by: try CertificateAuthority(certificateFile: caFile, privateKeyFile: keyFile), hosts: ["api.test"])
        try await withStubServer(tls: tls) { server in
            server.stub(.get("/team"), .ok(body: "signed by the team CA"))
            let output = try await Curl.get(
                try #require(server.httpsBaseURL).appendingPathComponent("team"), caFile: caFile, in: folder)
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout == "signed by the team CA")
        }
    }

    @Test(
        "an RSA CA made by openssl signs the leaf; curl trusts it",
        .enabled(if: ExternalProcess.find("openssl") != nil))
    func leafFromOpenSSLCA() async throws {
        let folder = try TemporaryFolder()
        let made = try await ExternalProcess.run(
            "openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca-key.pem", "-out", "ca.pem",
                "-days", "2", "-subj", "/CN=OpenSSL Test CA", "-addext", "basicConstraints=critical,CA:TRUE",
                "-addext", "keyUsage=critical,keyCertSign,cRLSign"
            ], in: folder)
        try #require(made.status == 0, "\(made.stderr)")
        let authority = try CertificateAuthority(
            certificateFile: folder.path("ca.pem"), privateKeyFile: folder.path("ca-key.pem"))
        try await withStubServer(tls: try StubServerTLS.signed(by: authority)) { server in
            server.stub(.get("/rsa"), .ok(body: "rsa"))
            let output = try await Curl.get(
                try #require(server.httpsBaseURL).appendingPathComponent("rsa"), caFile: folder.path("ca.pem"),
                in: folder)
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout == "rsa")
        }
    }

    @Test(
        "the user's own self-signed leaf from openssl is served as it is",
        .enabled(if: ExternalProcess.find("openssl") != nil))
    func usersOwnLeaf() async throws {
        let folder = try TemporaryFolder()
        let made = try await ExternalProcess.run(
            "openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
                "key.pem", "-out", "cert.pem", "-days", "2", "-subj", "/CN=own leaf",
                "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"
            ], in: folder)
        try #require(made.status == 0, "\(made.stderr)")
        let identity = try TLSIdentity(certificateFile: folder.path("cert.pem"), privateKeyFile: folder.path("key.pem"))
        #expect(identity.subject == "CN=own leaf")
        let tls = try StubServerTLS(identity: identity)
        #expect(throws: StubServerTLSError.noCertificateAuthority) { _ = try tls.certificateAuthorityPEM() }
        try await withStubServer(tls: tls) { server in
            server.stub(.get("/own"), .ok(body: "own"))
            let output = try await Curl.get(
                try #require(server.httpsBaseURL).appendingPathComponent("own"), caFile: folder.path("cert.pem"),
                in: folder)
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stdout == "own")
        }
    }

    @Test("unreadable, empty, mismatched and non-CA files are refused, naming the file and the problem")
    func badFilesAreNamed() throws {
        let folder = try TemporaryFolder()
        let authority = try CertificateAuthority.generate()
        let other = try CertificateAuthority.generate()
        let caFile = try folder.write("ca.pem", try authority.pem)
        let otherKey = try folder.write("other-key.pem", try other.privateKeyPEM())
        let missing = folder.path("missing.pem")
        let notPEM = try folder.write("notes.txt", "just words\n")
        let leaf = try authority.issueServerIdentity()
        let leafFile = try folder.write("leaf.pem", try leaf.certificateChainPEM())
        let leafKey = try folder.write("leaf-key.pem", try leaf.privateKeyPEM())

        let unreadable = #expect(throws: TLSFileError.self) {
            _ = try TLSIdentity(certificateFile: missing, privateKeyFile: leafKey)
        }
        #expect(unreadable?.path == missing)
        #expect(unreadable?.problem.hasPrefix("cannot be read") == true)

        let noCertificate = #expect(throws: TLSFileError.self) {
            _ = try TLSIdentity(certificateFile: notPEM, privateKeyFile: leafKey)
        }
        #expect(noCertificate?.path == notPEM)
        #expect(noCertificate?.problem.contains("no PEM certificate") == true)

        let noKey = #expect(throws: TLSFileError.self) {
            _ = try TLSIdentity(certificateFile: leafFile, privateKeyFile: notPEM)
        }
        #expect(noKey?.path == notPEM)
        #expect(noKey?.problem.contains("no PEM private key") == true)

        let mismatch = #expect(throws: TLSFileError.self) {
            _ = try CertificateAuthority(certificateFile: caFile, privateKeyFile: otherKey)
        }
        #expect(mismatch?.path == otherKey)
        #expect(mismatch?.description == "\(otherKey): is not the private key of the certificate in \(caFile)")

        let notAuthority = #expect(throws: TLSFileError.self) {
            _ = try CertificateAuthority(certificateFile: leafFile, privateKeyFile: leafKey)
        }
        #expect(notAuthority?.path == leafFile)
        #expect(notAuthority?.problem.contains("not a CA certificate") == true)

        #expect(try TLSIdentity(certificateFile: leafFile, privateKeyFile: leafKey).subject == "CN=localhost")
    }
}
