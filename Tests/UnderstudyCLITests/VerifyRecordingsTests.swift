import Foundation
import Testing

/// `understudy verify-recordings`: a recorded folder replayed to `understudy serve` standing in
/// for the live service.
@Suite struct VerifyRecordingsTests {
    /// Starts `serve` on a folder of live answers.
    func live(_ stubs: [String: String]) async throws -> (ServerProcess, TemporaryRoot) {
        let root = try TemporaryRoot()
        for (name, text) in stubs { try root.write("mappings/\(name)", text) }
        let server = try await ServerProcess.start(["serve", "--root", root.url.path, "--port", "0"])
        return (server, root)
    }

    static let recording =
        #"{"request":{"method":"GET","url":"/me"},"response":{"status":200,"headers":{"Content-Type":"application/json","Set-Cookie":"[REDACTED]"},"jsonBody":{"id":1,"name":"Ann","token":"[REDACTED]"}}}"#

    @Test func driftingAnswersAreListedWithoutSecretsAndExitOne() async throws {
        let (server, liveRoot) = try await live([
            "me.json":
                #"{"request":{"method":"GET","url":"/me","headers":{"Authorization":{"equalTo":"Bearer cli-secret"}}},"response":{"status":200,"headers":{"Content-Type":"application/json","Set-Cookie":"sid=cookie-secret"},"jsonBody":{"id":"1","token":"token-secret","plan":"pro"}}}"#
        ])
        defer { server.terminate() }
        let recorded = try TemporaryRoot()
        try recorded.write("mappings/me.json", Self.recording)
        let output = try await CLIProcess.run([
            "verify-recordings", "--root", recorded.url.path, "--target", server.firstLine, "--header",
            "Authorization: Bearer cli-secret", "--redact-json-field", "token"
        ])
        #expect(output.status == 1, "\(output.stdout)")
        #expect(
            output.stdout.contains("differs: mappings/me.json GET /me: body /id: was number, now string"),
            "\(output.stdout)")
        #expect(output.stdout.contains("differs: mappings/me.json GET /me: body /name: field removed (was string)"))
        #expect(output.stdout.contains("differs: mappings/me.json GET /me: body /plan: field added (string)"))
        #expect(output.stdout.contains("1 recording replayed, 0 skipped, 1 with differences"))
        for secret in ["cli-secret", "cookie-secret", "token-secret"] {
            #expect(!output.stdout.contains(secret) && !output.stderr.contains(secret))
        }
        withExtendedLifetime(liveRoot) {}
    }

    @Test func answersOfTheRecordedShapePassWithExitZero() async throws {
        let (server, liveRoot) = try await live([
            "me.json":
                #"{"request":{"method":"GET","url":"/me"},"response":{"status":200,"headers":{"Content-Type":"application/json"},"jsonBody":{"id":2,"name":"Bo","token":"t"}}}"#
        ])
        defer { server.terminate() }
        let recorded = try TemporaryRoot()
        try recorded.write("mappings/me.json", Self.recording)
        let output = try await CLIProcess.run([
            "verify-recordings", "--root", recorded.url.path, "--target", server.firstLine
        ]
        )
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.contains("same: mappings/me.json GET /me"))
        withExtendedLifetime(liveRoot) {}
    }

    @Test func aHeaderWithoutAColonIsRefusedWithoutEchoingIt() async throws {
        let output = try await CLIProcess.run([
            "verify-recordings", "--target", "http://127.0.0.1:1", "--header", "Authorization=Bearer hidden-value"
        ])
        #expect(output.status != 0)
        #expect(output.stderr.contains("must be written \"name: value\""))
        #expect(!output.stderr.contains("hidden-value"))
    }
}
