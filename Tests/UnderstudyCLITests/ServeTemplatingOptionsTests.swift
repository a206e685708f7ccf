import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `serve --template-escaping`, `--max-template-cache-entries`, and RS256 `jwt` in the command.
@Suite struct ServeTemplatingOptionsTests {
    static func root() throws -> TemporaryRoot {
        let root = try TemporaryRoot()
        try root.write(
            "mappings/echo.json",
            #"{"request":{"method":{"oneOf":["GET","POST"]},"urlPath":"/echo"},"response":{"body":"{{request.query.q}}|{{jwt alg='RS256' privateKey='nope'}}","transformers":["response-template"]}}"#
        )
        return root
    }

    func body(_ arguments: [String]) async throws -> String {
        let root = try Self.root()
        let server = try await ServerProcess.start(["serve", "--root", root.url.path, "--port", "0"] + arguments)
        defer { server.terminate() }
        let url = try #require(URL(string: server.firstLine + "/echo?q=a%3Db%26c"))
        let (data, _) = try await URLSession(configuration: .ephemeral).data(from: url)
        return String(decoding: data, as: UTF8.self)
    }

    @Test func wireMock3EscapingIsTheDefaultAndWireMock2IsAFlag() async throws {
        let plain = try await body([])
        #expect(plain.hasPrefix("a=b&c|"))
        // The command has RSA: a bad key is the signer's complaint, not "not available".
        #expect(plain.contains("could not sign with the RS256 key"), "\(plain)")
        let escaped = try await body(["--template-escaping", "wiremock2", "--max-template-cache-entries", "10"])
        #expect(escaped.hasPrefix("a&#x3D;b&amp;c|"))
    }

    @Test func badValuesAreUsageErrors() async throws {
        #expect(try await CLIProcess.run(["serve", "--template-escaping", "wiremock1"]).status == 64)
        let negative = try await CLIProcess.run(["serve", "--max-template-cache-entries=-1"])
        #expect(negative.status == 64)
        #expect(negative.stderr.contains("--max-template-cache-entries must not be negative"))
    }
}
