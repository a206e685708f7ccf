import Foundation
import ProcessSupport
import Testing

/// `understudy serve --https-port` as a user runs it, checked with curl.
@Suite struct ServeHTTPSTests {
    @Test("prints the https:// URL right after the http:// one; curl with --https-ca-out's file gets the stub")
    func servesHTTPSWithTheCAWrittenOut() async throws {
        let folder = try TemporaryRoot()
        let caFile = folder.url.appendingPathComponent("ca.pem").path
        let server = try await ServerProcess.start([
            "serve", "--root", ServeCommandTests.exampleRoot, "--port", "0", "--https-port", "0", "--https-ca-out",
            caFile,
            "--https-host", "api.test"
        ])
        defer { server.terminate() }
        let httpURL = try #require(URL(string: server.firstLine))
        let httpsLine = await server.nextLine()
        let httpsURL = try #require(URL(string: httpsLine))
        #expect(httpURL.absoluteString.hasPrefix("http://127.0.0.1:"))
        #expect(httpsURL.absoluteString.hasPrefix("https://127.0.0.1:"))
        #expect(httpsURL.port != httpURL.port)

        let verified = try await Self.curl([
            "--cacert", caFile, httpsURL.appendingPathComponent("timeline").absoluteString
        ])
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdout.contains("Lunch was great"))
        let byName = try await Self.curl([
            "--cacert", caFile, "--resolve", "api.test:\(httpsURL.port ?? 0):127.0.0.1",
            "https://api.test:\(httpsURL.port ?? 0)/timeline"
        ])
        #expect(byName.status == 0, "\(byName.stderr)")
        let unverified = try await Self.curl([httpsURL.appendingPathComponent("timeline").absoluteString])
        #expect(unverified.status == 60)

        let journal = try await Self.curl([httpURL.appendingPathComponent("__admin/requests").absoluteString])
        #expect(journal.stdout.contains("\"https\""))
        #expect(await server.signalAndWait(SIGTERM) == 0)
    }

    @Test("HTTPS options are checked together, with messages that say what is missing")
    func invalidCombinationsAreRefused() async throws {
        let cases: [([String], String)] = [
            (["--https-ca-out", "ca.pem"], "--https-ca-out needs --https-port"),
            (["--https-port", "70000"], "--https-port must be between 0 and 65535"),
            (["--https-port", "0", "--https-ca", "ca.pem"], "--https-ca and --https-ca-key go together"),
            (["--https-port", "0", "--https-key", "k.pem"], "--https-cert and --https-key go together"),
            (
                [
                    "--https-port", "0", "--https-cert", "c.pem", "--https-key", "k.pem", "--https-ca", "a",
                    "--https-ca-key", "b"
                ],
                "cannot be used with --https-ca"
            ),
            (
                ["--https-port", "0", "--https-cert", "c.pem", "--https-key", "k.pem", "--https-host", "x"],
                "brings its own"
            ),
            (
                ["--https-port", "0", "--https-require-client-auth"],
                "--https-require-client-auth and --https-client-ca go"
            ),
            (
                ["--https-port", "0", "--https-client-ca", "c.pem"],
                "--https-require-client-auth and --https-client-ca go"
            )
        ]
        for (arguments, message) in cases {
            let output = try await CLIProcess.run(["serve", "--port", "0"] + arguments)
            #expect(output.status == 64, "\(arguments)")
            #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
        }
    }

    @Test("a certificate file that cannot be read stops start-up, naming the file")
    func unreadableCertificateIsNamed() async throws {
        let folder = try TemporaryRoot()
        let missing = folder.url.appendingPathComponent("missing.pem").path
        try folder.write("key.pem", "not a key\n")
        let output = try await CLIProcess.run([
            "serve", "--root", folder.url.path, "--port", "0", "--https-port", "0", "--https-cert", missing,
            "--https-key", folder.url.appendingPathComponent("key.pem").path
        ])
        #expect(output.status == 1)
        #expect(output.stderr.contains("\(missing): cannot be read"), "\(output.stderr)")
    }

    @Test func helpListsTheHTTPSOptions() async throws {
        let help = try await CLIProcess.run(["serve", "--help"])
        for option in ["--https-port", "--https-host", "--https-ca-out", "--https-cert", "--https-require-client-auth"]
        {
            #expect(help.stdout.contains(option), "\(option)")
        }
    }

    /// `curl -sS --http1.1 --max-time 20 …`, waited for off the cooperative pool.
    static func curl(_ arguments: [String]) async throws -> CLIProcess.Output {
        try await run("/usr/bin/env", ["curl", "-sS", "--http1.1", "--max-time", "20"] + arguments)
    }

    /// Runs a program to completion, waited for off the cooperative pool.
    static func run(_ executable: String, _ arguments: [String]) async throws -> CLIProcess.Output {
        let completed = try await ChildProcess.run(executable, arguments)
        return CLIProcess.Output(status: completed.status, stdout: completed.stdout, stderr: completed.stderr)
    }
}

/// The CLI's own-CA and mutual-TLS flags, with a CA and a client certificate made by openssl.
@Suite struct ServeMutualTLSTests {
    @Test(
        "--https-ca signs the leaf; --https-require-client-auth refuses curl without a client certificate",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")))
    func userCAAndClientCertificates() async throws {
        let folder = try TemporaryRoot()
        let path = { (name: String) in folder.url.appendingPathComponent(name).path }
        for arguments in [
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
                path("ca-key.pem"), "-out", path("ca.pem"), "-days", "2", "-subj", "/CN=CLI Test CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign"
            ],
            [
                "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
                path("client-key.pem"), "-out", path("client.csr"), "-subj", "/CN=cli-client"
            ],
            [
                "x509", "-req", "-in", path("client.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca-key.pem"),
                "-CAcreateserial", "-out", path("client.pem"), "-days", "2"
            ]
        ] {
            let made = try await ServeHTTPSTests.run("/usr/bin/openssl", arguments)
            try #require(made.status == 0, "\(made.stderr)")
        }
        try folder.write(
            "mappings/hello.json", #"{"request":{"method":"GET","url":"/hello"},"response":{"body":"hello"}}"#)
        let server = try await ServerProcess.start([
            "serve", "--root", folder.url.path, "--port", "0", "--https-port", "0", "--https-ca", path("ca.pem"),
            "--https-ca-key", path("ca-key.pem"), "--https-require-client-auth", "--https-client-ca", path("ca.pem")
        ])
        defer { server.terminate() }
        _ = server.firstLine
        let httpsURL = try #require(URL(string: await server.nextLine())).appendingPathComponent("hello")

        let anonymous = try await ServeHTTPSTests.curl(["--cacert", path("ca.pem"), httpsURL.absoluteString])
        #expect(anonymous.status != 0)
        #expect(anonymous.stdout.isEmpty)
        let certified = try await ServeHTTPSTests.curl([
            "--cacert", path("ca.pem"), "--cert", path("client.pem"), "--key", path("client-key.pem"),
            httpsURL.absoluteString
        ])
        #expect(certified.status == 0, "\(certified.stderr)")
        #expect(certified.stdout == "hello")
        #expect(await server.signalAndWait(SIGTERM) == 0)
    }
}
