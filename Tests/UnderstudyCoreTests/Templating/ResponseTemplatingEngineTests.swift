import Foundation
import Testing
import UnderstudyJSON
import UnderstudyTemplating

@testable import UnderstudyCore

@Suite struct ResponseTemplatingEngineTests {
    func engine(_ stubs: [String], mode: TemplatingMode = .local, files: FilesDirectory? = nil) throws -> StubEngine {
        let engine = StubEngine(files: files, templating: TemplatingConfiguration(mode: mode))
        for text in stubs { try engine.store.add(try stub(text)) }
        return engine
    }

    @Test func aTemplatedStubEchoesTheRequest() throws {
        let engine = try engine([
            #"{"request":{"urlPathPattern":"/users/.*"},"response":{"body":"{{request.path.[1]}}/{{request.query.q}}","transformers":["response-template"]}}"#
        ])
        let decision = engine.served(request("GET", "/users/42?q=x"))
        #expect(decision.status == 200)
        #expect(String(decoding: decision.body, as: UTF8.self) == "42/x")
    }

    @Test func localModeLeavesStubsWithoutTheTransformerAlone() throws {
        let engine = try engine([#"{"request":{"url":"/plain"},"response":{"body":"{{request.url}}"}}"#])
        #expect(String(decoding: engine.served(request("GET", "/plain")).body, as: UTF8.self) == "{{request.url}}")
    }

    @Test func globalModeTemplatesEveryStub() throws {
        let engine = try engine([#"{"request":{"url":"/plain"},"response":{"body":"{{request.url}}"}}"#], mode: .global)
        #expect(String(decoding: engine.served(request("GET", "/plain")).body, as: UTF8.self) == "/plain")
    }

    @Test func disabledModeTemplatesNothing() throws {
        let engine = try engine(
            [#"{"request":{"url":"/t"},"response":{"body":"{{request.url}}","transformers":["response-template"]}}"#],
            mode: .disabled)
        #expect(String(decoding: engine.served(request("GET", "/t")).body, as: UTF8.self) == "{{request.url}}")
    }

    @Test func jsonBodyStringValuesAndHeadersAreTemplated() throws {
        let engine = try engine([
            #"""
            {"request":{"method":"POST","url":"/orders"},
             "response":{"status":201,"jsonBody":{"name":"{{jsonPath request.body '$.name'}}","n":5,"list":["{{request.method}}"],"quote":"{{{request.body}}}"},
             "headers":{"X-Echo":"{{request.headers.X-In}}","Location":["/orders/{{jsonPath request.body '$.id'}}"]},
             "transformers":["response-template"]}}
            """#
        ])
        let decision = engine.served(
            request("POST", "/orders", headers: [("X-In", "hello")], body: #"{"name":"Ann","id":7}"#))
        #expect(decision.status == 201)
        let body = try JSONParser.parse(decision.body)
        #expect(body == ["name": "Ann", "n": 5, "list": ["POST"], "quote": #"{"name":"Ann","id":7}"#])
        #expect(decision.headers.first("X-Echo") == "hello")
        #expect(decision.headers.first("Location") == "/orders/7")
    }

    @Test func bodyFileNameAndItsContentsAreTemplated() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("understudy-tpl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(#"{"user":"{{request.path.[1]}}"}"#.utf8).write(to: root.appendingPathComponent("user-7.json"))
        let engine = try engine(
            [
                #"{"request":{"urlPathPattern":"/users/.*"},"response":{"bodyFileName":"user-{{request.path.[1]}}.json","transformers":["response-template"]}}"#,
                #"{"request":{"urlPathPattern":"/raw/.*"},"response":{"bodyFileName":"user-{{request.path.[1]}}.json","transformers":["response-template"],"transformerParameters":{"disableBodyFileTemplating":true}}}"#
            ], files: FilesDirectory(url: root))
        #expect(String(decoding: engine.served(request("GET", "/users/7")).body, as: UTF8.self) == #"{"user":"7"}"#)
        #expect(
            String(decoding: engine.served(request("GET", "/raw/7")).body, as: UTF8.self)
                == #"{"user":"{{request.path.[1]}}"}"#)
        let missing = engine.served(request("GET", "/users/8"))
        #expect(missing.status == 500)
        #expect(String(decoding: missing.body, as: UTF8.self).contains("user-8.json"))
    }

    @Test func proxyBaseUrlIsTemplated() throws {
        let engine = try engine([
            #"{"request":{"url":"/p"},"response":{"proxyBaseUrl":"http://{{request.headers.X-Target}}","transformers":["response-template"]}}"#
        ])
        #expect(
            engine.served(request("GET", "/p", headers: [("X-Target", "backend:9000")])).proxy?.baseURL
                == "http://backend:9000")
    }

    @Test func urlPathTemplateVariablesAreNamedInThePath() throws {
        let engine = try engine([
            #"{"request":{"urlPathTemplate":"/contacts/{contactId}/addresses/{id}"},"response":{"body":"{{request.path.contactId}}-{{request.path.id}}","transformers":["response-template"]}}"#
        ])
        #expect(
            String(decoding: engine.served(request("GET", "/contacts/12/addresses/99")).body, as: UTF8.self) == "12-99")
    }

    @Test func aRenderingErrorIsA500WithPositionAndAnErrorSubEvent() throws {
        let engine = try engine([
            #"{"request":{"url":"/bad"},"response":{"status":200,"body":"ok\n {{add 1 2}}","fixedDelayMilliseconds":5000,"transformers":["response-template"]}}"#
        ])
        let decision = engine.served(request("GET", "/bad"))
        let text = String(decoding: decision.body, as: UTF8.self)
        #expect(decision.status == 500)
        #expect(text == "[ERROR] 2:3: could not find helper: 'add'\n {{add 1 2}}\n   ^")
        #expect(decision.templateError == text)
        #expect(decision.headers.first("Content-Type") == "text/plain")
        let event = try #require(engine.journal.events.last)
        #expect(event.subEvents == [SubEvent(type: SubEvent.Kind.templateError, data: ["message": .string(text)])])
        // The next request is served the same way: the broken template is cached, not fatal.
        #expect(engine.served(request("GET", "/bad")).status == 500)
    }

    @Test func cacheIsBoundedAndKeepsHotEntries() throws {
        let cache = TemplateCache(capacity: 3)
        _ = try cache.template("{{a}}")
        _ = try cache.template("{{b}}")
        _ = try cache.template("{{c}}")
        _ = try cache.template("{{a}}")  // marks a as recently used
        _ = try cache.template("{{d}}")
        _ = try cache.template("{{e}}")
        #expect(cache.count == 3)
        #expect(throws: TemplateError.self) { try cache.template("{{#if}}") }
        #expect(cache.count == 3)
        #expect(TemplateCache(capacity: 0).count == 0)
    }
}
