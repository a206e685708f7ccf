import Foundation
import ProcessSupport
import Testing
import UnderstudyCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 29's drop-in gaps, each as a user meets it: files given to the real `understudy`, then
/// answers over a real socket from `understudy serve`.
@Suite struct DropInGapsTests {
    /// Serves `root` and returns each path's status and body (GET).
    static func serve(_ root: TemporaryRoot, _ paths: [String]) async throws -> [(Int, String)] {
        try await serve(root, paths.map { ("GET", $0, nil) })
    }

    /// Serves `root` and returns each request's status and body, in order.
    static func serve(_ root: TemporaryRoot, _ requests: [(method: String, path: String, body: String?)])
        async throws -> [(Int, String)]
    {
        let server = try await ServerProcess.start(["serve", "--root", root.url.path, "--port", "0"])
        defer { server.terminate() }
        var answers: [(Int, String)] = []
        for (method, path, body) in requests {
            var request = URLRequest(url: try #require(URL(string: server.firstLine + path)))
            request.httpMethod = method
            request.httpBody = body.map { Data($0.utf8) }
            let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
            answers.append(((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self)))
        }
        return answers
    }

    /// A browser export that writes request URLs as paths imports by path and query, with a warning
    /// that names the entries; the host comes from the entry's Host header.
    @Test func aHARWithPathOnlyURLsImportsAndServes() async throws {
        let root = try TemporaryRoot()
        let entries = [
            ("/static/a.png?v=2", #"[{"name":"Host","value":"shop.example"}]"#, "png"),
            ("https://shop.example/api/cart", "[]", "cart"),
            (
                "/api/items", #"[{"name":":authority","value":"shop.example"},{"name":":scheme","value":"https"}]"#,
                "items"
            )
        ].map { url, headers, body in
            #"{"startedDateTime":"2026-11-27T10:00:00.000Z","request":{"method":"GET","url":"\#(url)","headers":\#(headers)},"response":{"status":200,"headers":[],"content":{"mimeType":"text/plain","text":"\#(body)"}}}"#
        }
        try root.write("export.har", #"{"log":{"version":"1.2","entries":[\#(entries.joined(separator: ","))]}}"#)
        let imported = try await CLIProcess.run([
            "import-har", root.url.appendingPathComponent("export.har").path, "--root", root.url.path
        ])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("2 entries have a URL without scheme and host (entries 0, 2)"))
        let answers = try await Self.serve(root, ["/static/a.png?v=2", "/api/cart", "/api/items"])
        #expect(answers.map(\.0) == [200, 200, 200])
        #expect(answers.map(\.1) == ["png", "cart", "items"])
    }

    /// `parseJson` over a GET's empty body: an empty object, no `[ERROR …]` in the answer.
    @Test func parseJsonOfAnEmptyBodyWritesNoError() async throws {
        let root = try TemporaryRoot()
        try root.write(
            "mappings/greet.json",
            #"{"request":{"urlPath":"/greet"},"response":{"body":"hello{{parseJson request.body 'doc'}} {{doc.name}}!","transformers":["response-template"]}}"#
        )
        let answers = try await Self.serve(root, ["/greet"])
        #expect(answers.first?.0 == 200)
        #expect(answers.first?.1 == "hello !")
    }

    /// A key written twice in one object: the last value counts (Jackson's rule, so WireMock's),
    /// and `check` says where.
    @Test func aDuplicateKeyKeepsTheLastValueAndCheckSaysWhere() async throws {
        let root = try TemporaryRoot()
        try root.write(
            "mappings/dup.json",
            #"{"request":{"urlPath":"/q","queryParameters":{"component":{"equalTo":"a"},"component":{"equalTo":"b"}}},"response":{"body":"found"}}"#
        )
        let check = try await CLIProcess.run(["check", "--root", root.url.path])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(
            check.stdout.contains(
                "warning: mappings/dup.json at /request/queryParameters/component: key written more than once"))
        let answers = try await Self.serve(root, ["/q?component=b", "/q?component=a", "/q?component=a&component=b"])
        #expect(answers.map(\.0) == [200, 404, 200])
    }

    /// `matchesJsonPath` written flat beside another operator: the first operator in the object
    /// decides and its sibling is ignored, as WireMock reads it.
    @Test func aFlatJSONPathBesideAnotherOperatorReadsAsWireMockReadsIt() async throws {
        let root = try TemporaryRoot()
        try root.write(
            "mappings/flat.json",
            #"{"request":{"method":"POST","urlPath":"/flat","bodyPatterns":[{"matchesJsonPath":"$.name","equalTo":"nobody"}]},"response":{"body":"path"}}"#
        )
        try root.write(
            "mappings/first.json",
            #"{"request":{"method":"POST","urlPath":"/first","bodyPatterns":[{"equalTo":"exactly","matchesJsonPath":"$.name"}]},"response":{"body":"equal"}}"#
        )
        let answers = try await Self.serve(
            root,
            [
                ("POST", "/flat", #"{"name":"bob"}"#), ("POST", "/flat", #"{"other":1}"#),
                ("POST", "/first", "exactly"), ("POST", "/first", #"{"name":"bob"}"#)
            ])
        #expect(answers.map(\.0) == [200, 404, 200, 404])
    }

    /// `"method": {"noneOf": []}` through the admin API (WireMock's own admin description has it):
    /// accepted, and it matches every method.
    @Test func anEmptyNoneOfMethodListIsAcceptedAndMatchesEveryMethod() async throws {
        let server = try await ServerProcess.start(["serve", "--port", "0"])
        defer { server.terminate() }
        let base = try #require(URL(string: server.firstLine))
        var create = URLRequest(url: base.appendingPathComponent("__admin/mappings"))
        create.httpMethod = "POST"
        create.httpBody = Data(#"{"request":{"method":{"noneOf":[]},"urlPath":"/any"},"response":{"status":202}}"#.utf8)
        let (_, created) = try await URLSession(configuration: .ephemeral).data(for: create)
        #expect((created as? HTTPURLResponse)?.statusCode == 201)
        for method in ["GET", "DELETE", "PATCH"] {
            var request = URLRequest(url: base.appendingPathComponent("any"))
            request.httpMethod = method
            let (_, response) = try await URLSession(configuration: .ephemeral).data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 202, "\(method)")
        }
    }

    /// Two files with one id: `check` names both; `serve` keeps the one read last and says so.
    @Test func twoStubsWithOneIDAreNamedAndTheLastReadIsServed() async throws {
        let root = try TemporaryRoot()
        let id = "6f5a4c2e-1b3d-4e8f-9a7b-0c1d2e3f4a5b"
        try root.write("mappings/a.json", #"{"id":"\#(id)","request":{"urlPath":"/same"},"response":{"body":"a"}}"#)
        try root.write("mappings/b.json", #"{"id":"\#(id)","request":{"urlPath":"/same"},"response":{"body":"b"}}"#)
        let check = try await CLIProcess.run(["check", "--root", root.url.path])
        #expect(check.status == 1)
        #expect(
            check.stdout.contains(
                "error: mappings/b.json at /id: The id \(id) is used by more than one stub (also in mappings/a.json)"))
        let server = try await ServerProcess.start(
            ["serve", "--root", root.url.path, "--port", "0"], capturingStandardError: true)
        defer { server.terminate() }
        let url = try #require(URL(string: server.firstLine + "/same"))
        let (body, _) = try await URLSession(configuration: .ephemeral).data(from: url)
        #expect(String(decoding: body, as: UTF8.self) == "b")
        _ = await server.signalAndWait(SIGTERM)
        #expect(server.remainingStandardError.contains("mappings/b.json replaces mappings/a.json under id \(id)"))
    }
}
