import Foundation
import Testing
import UnderstudyJSON
import UnderstudyTemplating

@testable import UnderstudyCore

/// `{{> name}}` partials from `__files`, and the engine's escaping setting.
@Suite struct PartialsAndEscapingEngineTests {
    static func filesRoot(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "understudy-partials-\(UUID().uuidString)")
        for (name, text) in files {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    func body(_ engine: StubEngine, _ url: String) -> String {
        String(decoding: engine.served(request("GET", url)).body, as: UTF8.self)
    }

    @Test func partialsComeFromFilesWithContextAndHashArguments() throws {
        let root = try Self.filesRoot([
            "partials/user.json": #"{"id":"{{id}}","path":"{{request.path}}"}"#,
            "greeting.hbs": "Hello {{name}}{{#if excited}}!{{/if}}",
            "loop.hbs": "{{> loop}}"
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let engine = StubEngine(files: FilesDirectory(url: root), templating: TemplatingConfiguration(mode: .global))
        try engine.store.add(
            try stub(#"{"request":{"url":"/u"},"response":{"body":"[{{> partials/user.json id=7}}]"}}"#))
        try engine.store.add(
            try stub(
                #"{"request":{"url":"/g"},"response":{"body":"{{> greeting name='Ann' excited=true}} / {{> 'greeting' name=request.method}}"}}"#
            ))
        try engine.store.add(try stub(#"{"request":{"url":"/missing"},"response":{"body":"{{> nowhere}}"}}"#))
        try engine.store.add(try stub(#"{"request":{"url":"/escape"},"response":{"body":"{{> ../../etc/passwd}}"}}"#))
        try engine.store.add(try stub(#"{"request":{"url":"/loop"},"response":{"body":"{{> loop}}"}}"#))
        #expect(body(engine, "/u") == #"[{"id":"7","path":"/u"}]"#)
        #expect(body(engine, "/g") == "Hello Ann! / Hello GET")
        let missing = engine.served(request("GET", "/missing"))
        #expect(missing.status == 500)
        #expect(body(engine, "/missing").contains("the partial 'nowhere' could not be found"))
        #expect(engine.served(request("GET", "/escape")).status == 500)
        #expect(body(engine, "/loop").contains("partials nest more than"))
    }

    @Test func theEngineEscapesNothingByDefaultAndHTMLWithWireMock2Escaping() throws {
        let mapping = #"{"request":{"url":"/b"},"response":{"body":"{{request.bodyAsBase64}}|{{request.headers.X}}"}}"#
        let logged = LoggedRequest(
            method: "GET", url: "/b", headers: HeaderFields([.init(name: "X", value: #"<a href="x">&'"#)]),
            body: Data("hi".utf8))
        let wiremock3 = StubEngine(templating: TemplatingConfiguration(mode: .global))
        try wiremock3.store.add(try stub(mapping))
        #expect(String(decoding: wiremock3.served(logged).body, as: UTF8.self) == #"aGk=|<a href="x">&'"#)
        let wiremock2 = StubEngine(templating: TemplatingConfiguration(mode: .global, escaping: .wiremock2))
        try wiremock2.store.add(try stub(mapping))
        #expect(
            String(decoding: wiremock2.served(logged).body, as: UTF8.self)
                == "aGk&#x3D;|&lt;a href&#x3D;&quot;x&quot;&gt;&amp;&#x27;")
    }
}
