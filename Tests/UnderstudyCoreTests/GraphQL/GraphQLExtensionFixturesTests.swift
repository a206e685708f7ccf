import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyCore

/// WireMock's GraphQL extension's own end-to-end fixtures (`../shared/realworld/graphql/
/// wiremock-graphql-extension/e2e/fixtures`): each folder is a stub (`setup.json`, or
/// `setup-query.graphql` with `setup-variables.json`) and a request; every `*-match` must match
/// and every `*-not-match` must not. And its mapping files load and match what they describe.
@Suite(.enabled(if: GraphQLFixtures.isAvailable || GraphQLFixtures.isRequired))
struct GraphQLExtensionFixturesTests {
    @Test(arguments: GraphQLFixtures.cases())
    func theExtensionsFixture(_ name: String) throws {
        let folder = GraphQLFixtures.fixtures.appendingPathComponent(name)
        let pattern = try GraphQLFixtures.stub(in: folder)
        let body = try Data(contentsOf: folder.appendingPathComponent("request.json"))
        let request = LoggedRequest(
            method: "POST", url: "/graphql", headers: ["Content-Type": "application/json"], body: body)
        let expected = !(name == "not-match" || name.hasSuffix("-not-match"))
        #expect(pattern.matches(MatchContext(request: request)) == expected, "\(name)")
    }

    @Test func theFixturesAreThere() {
        #expect(GraphQLFixtures.cases().count == 19)
    }

    @Test func itsMappingFilesLoadAndMatch() throws {
        let all = try StubMapping(
            jsonText: String(contentsOf: GraphQLFixtures.mappings.appendingPathComponent("all.json"), encoding: .utf8))
        let graphQL = try #require(all.request.graphQL)
        #expect(graphQL.operationName == "operationName")
        let request = LoggedRequest(
            method: "POST", url: "/graphql",
            body: Data(#"{"query":"{query}","variables":{"abc":123},"operationName":"operationName"}"#.utf8))
        #expect(all.request.matches(MatchContext(request: request)))
        var other = request
        other.body = Data(#"{"query":"{query}","variables":{"abc":124},"operationName":"operationName"}"#.utf8)
        #expect(!all.request.matches(MatchContext(request: other)))
        for file in ["query.json", "operationName.json", "variables.json"] {
            let stub = try StubMapping(
                jsonText: String(contentsOf: GraphQLFixtures.mappings.appendingPathComponent(file), encoding: .utf8))
            #expect(stub.request.graphQL != nil, "\(file)")
            // What the admin API gives back is what was written.
            #expect(
                stub.json["request"]?["customMatcher"]
                    == (try JSONParser.parse(
                        Data(
                            String(contentsOf: GraphQLFixtures.mappings.appendingPathComponent(file), encoding: .utf8)
                                .utf8)))["request"]?["customMatcher"])
        }
    }
}

enum GraphQLFixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/realworld/graphql/wiremock-graphql-extension")
    static var fixtures: URL { root.appendingPathComponent("e2e/fixtures") }
    static var mappings: URL { root.appendingPathComponent("wiremock-graphql-extension/src/test/resources/mappings") }

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: fixtures.path) }
    static var isRequired: Bool { ProcessInfo.processInfo.environment["UNDERSTUDY_REQUIRE_REALWORLD"] == "1" }

    static func cases() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []).filter { !$0.hasPrefix(".") }
            .sorted()
    }

    /// The stub's parameters as the extension's e2e harness makes them from the setup files.
    static func stub(in folder: URL) throws -> GraphQLOperationPattern {
        var parameters = JSONObject()
        let setup = folder.appendingPathComponent("setup.json")
        if FileManager.default.fileExists(atPath: setup.path) {
            let json = try JSONParser.parse(Data(contentsOf: setup))
            for key in ["query", "variables", "operationName"] { if let value = json[key] { parameters[key] = value } }
        } else {
            parameters["query"] = .string(
                try String(contentsOf: folder.appendingPathComponent("setup-query.graphql"), encoding: .utf8))
            let variables = folder.appendingPathComponent("setup-variables.json")
            if FileManager.default.fileExists(atPath: variables.path) {
                parameters["variables"] = try JSONParser.parse(Data(contentsOf: variables))
            }
        }
        return try GraphQLOperationPattern(parameters: .object(parameters), at: "/customMatcher/parameters")
    }
}

/// The extension's older `expectedJson` parameter: read as written, with a warning.
@Suite struct GraphQLExpectedJSONTests {
    static let stub = #"""
        {"request": {"urlPath": "/graphql", "method": "POST", "customMatcher": {"name": "graphql-body-matcher",
          "parameters": {"expectedJson": "{\"query\": \"query {\\n  hero {\\n    name\\n  }\\n}\", \"variables\": {\"id\": 1}}"}}},
         "response": {"status": 200}}
        """#

    @Test func aQuerySplitOverLinesIsReadAsWritten() throws {
        let stub = try StubMapping(jsonText: Self.stub)
        let request = LoggedRequest(
            method: "POST", url: "/graphql", body: Data(#"{"query":"{ hero { name } }","variables":{"id":1}}"#.utf8))
        #expect(stub.request.matches(MatchContext(request: request)))
        #expect(stub.request.graphQL?.readFromExpectedJson == true)
    }

    @Test func aFolderLoadingItWarns() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("expectedJson-\(UUID()).json")
        try Data(Self.stub.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = MappingFileDecoder.decode(atPath: file.path, name: "hero.json", policy: .lenient)
        #expect(outcome.stubs.count == 1)
        #expect(outcome.warnings.first?.detail?.contains("expectedJson") == true)
    }
}
