import Foundation
import Testing
import UnderstudyAdmin

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A crash mid-write or a bad file never costs the other mappings: `serve` loads the rest and
/// warns, `serve --strict` refuses, and `understudy check` catches everything `--strict` would refuse.
@Suite struct DataSafetyTests {
    static let good =
        #"{"id":"0b7c8c52-35b4-4a5e-9a43-1a2b3c4d5e6f","request":{"url":"/good"},"response":{"body":"still here"}}"#

    /// Broken folders, each with a good mapping beside the broken one.
    static let brokenFolders: [(name: String, files: [String: String])] = [
        ("not JSON", ["mappings/bad.json": "{ nope"]),
        ("empty file", ["mappings/bad.json": ""]),
        ("unknown fault", ["mappings/bad.json": #"{"response":{"fault":"EXPLODE"}}"#]),
        ("bad regex", ["mappings/bad.json": #"{"request":{"urlPattern":"/a["}}"#]),
        ("bad operator", ["mappings/bad.json": #"{"request":{"headers":{"A":{"matching":"x"}}}}"#]),
        ("mappings not a list", ["mappings/bad.json": #"{"mappings":{"request":{}}}"#]),
        (
            "bad stub in a list",
            ["mappings/bad.json": #"{"mappings":[{"request":{"url":"/x"}},{"request":{"method":7}}]}"#]
        ),
        ("duplicate id", ["mappings/z-copy.json": good]),
        ("half-written file", ["mappings/bad.json": String(good.prefix(40))])
    ]

    static func makeRoot(_ files: [String: String]) throws -> TemporaryRoot {
        let root = try TemporaryRoot()
        try root.write("mappings/good.json", good)
        for (path, text) in files { try root.write(path, text) }
        return root
    }

    static func errorLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("error: ") }.sorted()
    }

    @Test(arguments: brokenFolders.indices)
    func checkReportsExactlyWhatStartUpRefuses(_ index: Int) async throws {
        let folder = Self.brokenFolders[index]
        let root = try Self.makeRoot(folder.files)
        let check = try await CLIProcess.run(["check", "--root", root.url.path])
        let serve = try await CLIProcess.run(["serve", "--strict", "--root", root.url.path, "--port", "0"])
        #expect(serve.status == 1, "\(folder.name): start-up must refuse")
        #expect(check.status == 1, "\(folder.name): check must fail")
        let startUpErrors = Self.errorLines(serve.stderr)
        #expect(!startUpErrors.isEmpty)
        #expect(startUpErrors == Self.errorLines(check.stdout), "\(folder.name)")
        // Refusing to start never touches what is on disk.
        #expect(
            try String(contentsOf: root.url.appendingPathComponent("mappings/good.json"), encoding: .utf8) == Self.good)
    }

    /// Without `--strict`, as WireMock does: the good stub is served and each bad file is a warning.
    @Test(arguments: brokenFolders.indices)
    func serveLoadsTheRestAndWarnsAboutEachProblem(_ index: Int) async throws {
        let folder = Self.brokenFolders[index]
        let root = try Self.makeRoot(folder.files)
        let server = try await ServerProcess.start(
            ["serve", "--root", root.url.path, "--port", "0"], capturingStandardError: true)
        defer { server.terminate() }
        let url = try #require(URL(string: server.firstLine), "\(folder.name): serve did not start")
        let (body, _) = try await URLSession(configuration: .ephemeral).data(from: url.appendingPathComponent("good"))
        #expect(String(decoding: body, as: UTF8.self) == "still here", "\(folder.name)")
        _ = await server.signalAndWait(SIGTERM)
        let standardError = server.remainingStandardError
        let warnings = standardError.split(separator: "\n").filter { $0.hasPrefix("warning: mappings/") }
        #expect(!warnings.isEmpty, "\(folder.name): \(standardError)")
        #expect(warnings.allSatisfy { $0.contains("bad.json") || $0.contains("z-copy.json") }, "\(warnings)")
    }

    @Test func checkCountsTheGoodMappingsBesideABadOne() async throws {
        let root = try Self.makeRoot([
            "mappings/bad.json": "{ nope", "mappings/other.json": #"{"request":{"url":"/other"}}"#
        ])
        let check = try await CLIProcess.run(["check", "--root", root.url.path])
        #expect(check.stdout.contains("3 mapping files, 2 stubs, 1 problem"))
    }

    @Test func aMissingBodyFileIsCaughtByCheckButOnlyFailsItsRequestsWhenServed() async throws {
        // Stricter than start-up on purpose: a missing body file is a 500 for that stub's requests, not a refusal to start.
        let root = try Self.makeRoot([
            "mappings/file.json": #"{"request":{"url":"/file"},"response":{"bodyFileName":"gone.json"}}"#
        ])
        let check = try await CLIProcess.run(["check", "--root", root.url.path])
        #expect(check.status == 1)
        #expect(check.stdout.contains("file.json at /response/bodyFileName"))
        let server = try await ServerProcess.start(["serve", "--root", root.url.path, "--port", "0"])
        defer { server.terminate() }
        let base = try #require(URL(string: server.firstLine))
        #expect(try String(contentsOf: base.appendingPathComponent("good"), encoding: .utf8) == "still here")
    }

    @Test func aTemporaryFileLeftByACrashedWriteIsIgnored() async throws {
        // What StubFilePersistence leaves behind if the process dies between writing and renaming.
        let root = try Self.makeRoot([
            "mappings/.good.json.3F2A9C1E-0000-4000-8000-000000000000.tmp": String(Self.good.prefix(30)),
            "mappings/.hidden.json": "{ half"
        ])
        let check = try await CLIProcess.run(["check", "--root", root.url.path])
        #expect(check.status == 0)
        #expect(check.stdout.contains("1 mapping files, 1 stubs, 0 problems"))
        let server = try await ServerProcess.start(["serve", "--root", root.url.path, "--port", "0"])
        defer { server.terminate() }
        let base = try #require(URL(string: server.firstLine))
        #expect(try String(contentsOf: base.appendingPathComponent("good"), encoding: .utf8) == "still here")
        #expect(await server.signalAndWait(SIGTERM) == 0)
    }
}
