import Foundation
import RealWorldSupport
import Testing
import UnderstudyCore
import UnderstudyGraphQL
import UnderstudyJSON

/// `check --graphql-schema`: a stub's query validates, and its data has the query's shape.
struct StubCheckTests {
    static let sdl = """
        type Query { search(text: String!): [Result!]! hero(episode: Episode): Character }
        enum Episode { NEWHOPE EMPIRE JEDI }
        interface Character { id: ID! name: String! }
        type Human implements Character { id: ID! name: String! height: Float friends: [Character!] }
        type Droid implements Character { id: ID! name: String! primaryFunction: String friends: [Character!] }
        type Starship { id: ID! name: String! length: Float appearsIn: [Episode!]! }
        union Result = Human | Droid | Starship
        """

    func problems(_ query: String, _ data: String) throws -> [String] {
        let model = try GraphQLSchemaModel(sdl: Self.sdl)
        let stub = try StubMapping(
            jsonText: """
                {"request":{"urlPath":"/graphql","customMatcher":{"name":"graphql-body-matcher",
                  "parameters":{"query":\(VariableText.json(query))}}},
                 "response":{"jsonBody":\(data)}}
                """)
        let report = GraphQLStubCheck(model: model).check([(stub, .file("hero.json"))], files: nil)
        #expect(report.checked == 1)
        return report.problems.map { "\($0.pointer ?? ""): \($0.detail ?? "")" }
    }

    @Test func dataOfTheQuerysShapePasses() throws {
        let found = try problems(
            "{ hero(episode: JEDI) { __typename name ... on Droid { primaryFunction } } search(text: \"x\") { ... on Starship { appearsIn } ... on Human { height } } }",
            #"{"data":{"hero":{"__typename":"Droid","name":"R2-D2","primaryFunction":"Astromech"},"search":[{"appearsIn":["JEDI"]},{"height":1.72}]}}"#
        )
        #expect(found == [])
        // An errors answer has nothing to check.
        #expect(try problems("{ hero { name } }", #"{"errors":[{"message":"boom"}]}"#) == [])
    }

    @Test func eachWayDataCanMissTheQueryIsNamedWithItsPointer() throws {
        let found = try problems(
            "{ hero { __typename name id } }",
            #"{"data":{"hero":{"__typename":"Wookiee","name":"Chewie"}}}"#)
        #expect(
            found == [
                "/response/jsonBody/data/hero/__typename: data.hero.__typename: \"Wookiee\" is not a member of Character"
            ])
        let shapes = try problems(
            "{ hero { name id } search(text: \"x\") { ... on Starship { appearsIn length } } }",
            #"{"data":{"hero":{"name":null,"age":3},"search":[{"appearsIn":["PHANTOM"],"length":"long"}]}}"#)
        #expect(shapes.contains("/response/jsonBody/data/hero/id: data.hero.id: missing: the query selects it"))
        #expect(shapes.contains("/response/jsonBody/data/hero/age: data.hero.age: not selected by the query"))
        #expect(
            shapes.contains("/response/jsonBody/data/hero/name: data.hero.name: null, but its type String! is non-null")
        )
        #expect(
            shapes.contains { $0.contains("data.search.0.appearsIn.0: \"PHANTOM\" is not a value of the enum Episode") }
        )
        #expect(shapes.contains { $0.contains("data.search.0.length: Float cannot represent \"long\"") })
        #expect(shapes.count == 5)
    }

    /// Found in review: fragments on different members asking different things of one field,
    /// and selections under `@include`/`@skip` whose variables a stub does not pin.
    @Test func membersSelectionsAreMergedAndConditionalOnesMayBeThereOrNot() throws {
        let merged = try problems(
            "{ hero { ... on Human { friends { name } } ... on Droid { friends { id } } } }",
            #"{"data":{"hero":{"friends":[{"id":"1"}]}}}"#)
        #expect(merged == [])
        let conditional = try problems(
            "query ($full: Boolean!, $short: Boolean!) { hero { name id @include(if: $full) ...Extra @skip(if: $short) } } fragment Extra on Character { __typename }",
            #"{"data":{"hero":{"name":"Leia","id":"1"}}}"#)
        #expect(conditional == [])
        let stillMissing = try problems(
            "query ($full: Boolean!) { hero { name id @include(if: $full) } }", #"{"data":{"hero":{"id":"1"}}}"#)
        #expect(stillMissing == ["/response/jsonBody/data/hero/name: data.hero.name: missing: the query selects it"])
    }

    @Test func aStubsQueryThatDoesNotValidateIsNamed() throws {
        let found = try problems("{ hero { name rank } }", #"{"data":{"hero":{"name":"x"}}}"#)
        #expect(found.count == 1)
        #expect(
            found.first?.hasPrefix("/request/customMatcher/parameters/query: its query: Cannot query field \"rank\"")
                == true)
        #expect(found.first?.hasSuffix("(line 1, column 15)") == true)
    }

    @Test func aSchemaThatCannotBeBuiltSaysWhereAndWhy() {
        #expect(throws: GraphQLSchemaError.self) {
            try GraphQLSchemaModel(sdl: "type Query { a: Missing }", file: "bad.graphql")
        }
        do {
            _ = try GraphQLSchemaModel(sdl: "type Query {\n  a: String\n", file: "bad.graphql")
            Issue.record("a syntax error was accepted")
        } catch {
            #expect(error.description.hasPrefix("bad.graphql: Syntax Error"))
            #expect(error.description.contains("(3:1)"))
        }
    }
}

/// A string as a JSON string literal.
enum VariableText {
    static func json(_ text: String) -> String { String(decoding: JSONWriter.data(.string(text)), as: UTF8.self) }
}

/// The real stubs a user would write for the Star Wars schema, checked against it.
@Suite(.enabled(if: RealWorldGraphQL.isUsable, "needs ../shared/realworld/graphql/swapi"))
struct SWAPIStubCheckTests {
    @Test func aStubForTheRealSchemaIsCheckedThroughFragmentsAndConnections() throws {
        let model = try GraphQLSchemaModel.load(RealWorldGraphQL.swapiSchema)
        let query =
            "query Films { allFilms(first: 1) { films { ...FilmParts } pageInfo { hasNextPage } } } fragment FilmParts on Film { title episodeID }"
        let good = try StubMapping(
            jsonText: """
                {"request":{"urlPath":"/graphql","customMatcher":{"name":"graphql-body-matcher","parameters":{"query":\(VariableText.json(query))}}},
                 "response":{"jsonBody":{"data":{"allFilms":{"films":[{"title":"A New Hope","episodeID":4}],"pageInfo":{"hasNextPage":true}}}}}}
                """)
        let bad = try StubMapping(
            jsonText: """
                {"request":{"urlPath":"/graphql","customMatcher":{"name":"graphql-body-matcher","parameters":{"query":\(VariableText.json(query))}}},
                 "response":{"body":"{\\"data\\":{\\"allFilms\\":{\\"films\\":[{\\"title\\":\\"A New Hope\\",\\"episodeID\\":\\"IV\\"}],\\"pageInfo\\":{}}}}"}}
                """)
        let report = GraphQLStubCheck(model: model).check(
            [(good, .file("good.json")), (bad, .file("bad.json"))], files: nil)
        #expect(report.checked == 2)
        let details = report.problems.map { "\($0.file ?? "") \($0.detail ?? "")" }
        #expect(
            details.sorted() == [
                "bad.json data.allFilms.films.0.episodeID: Int cannot represent \"IV\".",
                "bad.json data.allFilms.pageInfo.hasNextPage: missing: the query selects it"
            ])
    }
}
