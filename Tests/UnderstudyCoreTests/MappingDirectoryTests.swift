import Foundation
import Testing

@testable import UnderstudyCore

@Suite struct MappingDirectoryTests {
    func makeRoot(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-core-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func loadsRecursivelyInSortedOrderAndMultiFilesLastWins() throws {
        let root = try makeRoot([
            "mappings/b/two.json": #"{"request":{"urlPath":"/p"},"response":{"status":202}}"#,
            "mappings/a.json": #"{"request":{"urlPath":"/p"},"response":{"status":201}}"#,
            "mappings/c.json":
                #"{"mappings":[{"request":{"urlPath":"/q"},"response":{"status":203}},{"request":{"urlPath":"/q"},"response":{"status":204}}]}"#,
            "mappings/ignored.txt": "not a mapping"
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = MappingDirectory(root: root).load()
        #expect(result.errors.isEmpty)
        #expect(result.fileCount == 3)
        let store = StubStore()
        try store.addInOrder(result.stubs)
        // Sorted order: a.json, b/two.json, c.json; later files win at equal priority.
        #expect(store.match(request("GET", "/p"))?.response.status == 202)
        #expect(store.match(request("GET", "/q"))?.response.status == 204)
        #expect(result.stubs.last?.1 == .multiMappingFile("mappings/c.json"))
    }

    @Test func listsNestedJSONFilesSkipsHiddenOnesAndDoesNotFollowFolderLinks() throws {
        let stub = #"{"request":{"urlPath":"/p"}}"#
        let root = try makeRoot([
            "mappings/z.json": stub,
            "mappings/deep/er/a.JSON": stub,
            "mappings/.hidden.json": stub,
            "mappings/.tmp/inside.json": stub,
            "mappings/notes.txt": "x",
            "elsewhere/outside.json": stub
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let mappings = root.appendingPathComponent("mappings")
        try FileManager.default.createSymbolicLink(
            at: mappings.appendingPathComponent("linked"), withDestinationURL: root.appendingPathComponent("elsewhere"))
        try FileManager.default.createSymbolicLink(
            at: mappings.appendingPathComponent("link.json"),
            withDestinationURL: root.appendingPathComponent("elsewhere/outside.json"))
        #expect(MappingDirectory(root: root).mappingFilePaths() == ["deep/er/a.JSON", "link.json", "z.json"])
    }

    @Test func brokenFilesAreReportedWithFilePointerAndReasonAndLoseNothingElse() throws {
        let root = try makeRoot([
            "mappings/good.json": #"{"request":{"urlPath":"/ok"}}"#,
            "mappings/syntax.json": "{\n  \"request\": {\n}",
            "mappings/multi.json": #"{"mappings":[{"request":{"urlPath":"/m"}},{"response":{"status":"x"}}]}"#
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = MappingDirectory(root: root).load()
        #expect(result.stubs.count == 1)
        #expect(result.errors.count == 2)
        let multi = try #require(result.errors.first { $0.file == "mappings/multi.json" })
        #expect(multi.pointer == "/mappings/1/response/status")
        let syntax = try #require(result.errors.first { $0.file == "mappings/syntax.json" })
        #expect(syntax.detail?.contains("line 3") == true)
    }

    @Test func bodyFilesCannotEscapeFiles() throws {
        let root = try makeRoot(["__files/ok.txt": "fine", "secret.txt": "secret"])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("__files/link.txt"),
            withDestinationURL: root.appendingPathComponent("secret.txt"))
        let files = MappingDirectory(root: root).files
        #expect(try files.read("ok.txt") == Data("fine".utf8))
        for name in ["../secret.txt", "/../secret.txt", "%2e%2e/secret.txt", "a/../../secret.txt", "link.txt"] {
            #expect(throws: FileAccessError.outside(name)) { try files.read(name) }
        }
        #expect(throws: FileAccessError.missing("nope.txt")) { try files.read("nope.txt") }
    }

    /// The event loop's one-`stat` check: sure only for a plain path with nothing there.
    @Test func aStaticFileIsRuledOutOnlyForAPlainPathWithNothingThere() throws {
        let root = try makeRoot(["__files/docs/index.json": "{}", "__files/a.txt": "a"])
        defer { try? FileManager.default.removeItem(at: root) }
        let files = MappingDirectory(root: root).files
        #expect(files.certainlyHasNoStaticFile(forPath: "/nothing/here"))
        for path in ["/a.txt", "/docs", "/", "/a%2etxt", "/docs/../a.txt", "/x/..", "/%41"] {
            #expect(!files.certainlyHasNoStaticFile(forPath: path), "\(path)")
        }
        #expect(files.certainlyHasNoStaticFile(forPath: "/a.b.c/d.e"))
    }

    @Test func staticFilesUseWelcomeFiles() throws {
        let root = try makeRoot(["__files/docs/index.json": "{}", "__files/a.txt": "a"])
        defer { try? FileManager.default.removeItem(at: root) }
        let files = MappingDirectory(root: root).files
        #expect(files.staticFile(forPath: "/docs")?.lastPathComponent == "index.json")
        #expect(files.staticFile(forPath: "/a.txt?x=1")?.lastPathComponent == "a.txt")
        #expect(files.staticFile(forPath: "/../etc/passwd") == nil)
    }

    @Test func engineServesBodyFilesAndStaticFallback() throws {
        let root = try makeRoot(["__files/page.json": #"{"p":1}"#, "__files/static/hello.txt": "hi"])
        defer { try? FileManager.default.removeItem(at: root) }
        let engine = StubEngine(files: MappingDirectory(root: root).files)
        try engine.store.add(try stub(#"{"request":{"urlPath":"/page"},"response":{"bodyFileName":"page.json"}}"#))
        try engine.store.add(
            try stub(#"{"request":{"urlPath":"/evil"},"response":{"bodyFileName":"../../etc/passwd"}}"#))
        #expect(engine.served(request("GET", "/page")).body == Data(#"{"p":1}"#.utf8))
        let evil = engine.served(request("GET", "/evil"))
        #expect(evil.status == 500)
        #expect(String(decoding: evil.body, as: UTF8.self).contains("outside __files"))
        let fallback = engine.served(request("GET", "/static/hello.txt"))
        #expect(fallback.status == 200 && fallback.body == Data("hi".utf8))
        #expect(engine.served(request("POST", "/static/hello.txt")).status == 404)
    }
}
