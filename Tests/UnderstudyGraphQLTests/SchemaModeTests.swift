import Foundation
import RealWorldSupport
import Testing
import UnderstudyCore
import UnderstudyGraphQL
import UnderstudyJSON

/// `serve --graphql-schema`: the real public Star Wars schema over real sockets, with URLSession.
@Suite(.enabled(if: RealWorldGraphQL.isUsable, "needs ../shared/realworld/graphql/swapi"))
struct SchemaModeTests {
    @Test func anOperationNoStubCoversIsAnsweredWithDataShapedByTheSchema() async throws {
        let contract = try await SWAPI.contract.value
        try await SchemaServer.with(contract) { server in
            let query = """
                query Film($id: ID) {
                  film(id: $id) { id title episodeID producers director
                    characterConnection(first: 2) { totalCount characters { name species { name } } } }
                }
                """
            let answer = try await server.post(query, variables: ["id": "ZmlsbXM6MQ=="])
            #expect(answer.status == 200)
            #expect(answer.contentType.hasPrefix("application/json"))
            let film = try #require(answer.json["data"]?["film"])
            #expect(film["id"] == "ZmlsbXM6MQ==", "the id argument is echoed by the object's id")
            #expect(film["title"]?.stringValue != nil)
            #expect(film["episodeID"]?.numberValue?.isInteger == true)
            #expect(film["producers"]?.arrayValue?.count == 2)
            let characters = try #require(film["characterConnection"]?["characters"]?.arrayValue)
            #expect(characters.count == 2)
            #expect(characters.allSatisfy { $0["name"]?.stringValue != nil && $0["species"]?["name"] != nil })
            #expect(
                film.objectValue?.keys == ["id", "title", "episodeID", "producers", "director", "characterConnection"])
            // Stable: the same request gets the same answer.
            let again = try await server.post(query, variables: ["id": "ZmlsbXM6MQ=="])
            #expect(again.json == answer.json)
            // Other variables, other data.
            let other = try await server.post(query, variables: ["id": "ZmlsbXM6Mg=="])
            #expect(other.json["data"]?["film"]?["title"] != film["title"])
        }
    }

    @Test func interfacesAnswerWithAMemberAndItsTypename() async throws {
        let contract = try await SWAPI.contract.value
        try await SchemaServer.with(contract) { server in
            let answer = try await server.post(
                """
                { node(id: "cGVvcGxlOjE=") { __typename id ... on Person { name height } ... on Film { title } }
                  a: node(id: "x") { __typename } b: node(id: "y") { __typename } c: node(id: "z") { __typename } }
                """)
            let node = try #require(answer.json["data"]?["node"])
            let typename = try #require(node["__typename"]?.stringValue)
            let members = ["Film", "Person", "Planet", "Species", "Starship", "Vehicle"]
            #expect(members.contains(typename))
            #expect(node["id"] == "cGVvcGxlOjE=")
            #expect((node["name"] != nil) == (typename == "Person"))
            #expect((node["title"] != nil) == (typename == "Film"))
            let picked = Set(
                ["a", "b", "c", "node"].compactMap { answer.json["data"]?[$0]?["__typename"]?.stringValue })
            #expect(picked.count > 1, "different places pick different members: \(picked)")
        }
    }

    @Test func anInvalidOperationGetsGraphQLErrorsWithLocationsWhateverTheStubsSay() async throws {
        let contract = try await SWAPI.contract.value
        let stub = #"{"request":{"method":"POST","urlPath":"/graphql"},"response":{"jsonBody":{"data":{}}}}"#
        try await SchemaServer.with(contract, stubs: [stub]) { server in
            let unknownField = try await server.post("{\n  film(id: \"1\") { title rating }\n}")
            #expect(unknownField.status == 200)
            let error = try #require(unknownField.json["errors"]?[0])
            #expect(error["message"]?.stringValue?.contains("Cannot query field \"rating\" on type \"Film\"") == true)
            #expect(error["locations"] == [["line": 2, "column": 25]])
            #expect(unknownField.json["data"] == nil)

            let wrongType = try await server.post("{ allFilms(first: \"two\") { totalCount } }")
            #expect(wrongType.json["errors"]?[0]?["message"]?.stringValue?.contains("Int") == true)

            let missing = try await server.post("query ($id: ID!) { person(id: $id) { name } }")
            #expect(
                missing.json["errors"]?[0]?["message"]
                    == "Variable \"$id\" of required type \"ID!\" was not provided.")
            #expect(missing.json["errors"]?[0]?["locations"] == [["line": 1, "column": 8]])

            let wrongVariable = try await server.post(
                "query ($first: Int) { allPeople(first: $first) { totalCount } }", variables: ["first": "ten"])
            #expect(wrongVariable.json["errors"]?[0]?["message"]?.stringValue?.contains("Int cannot represent") == true)

            let syntax = try await server.post("{ film(id: 1) { title }")
            let syntaxError = try #require(syntax.json["errors"]?[0])
            #expect(syntaxError["message"]?.stringValue?.hasPrefix("Syntax Error") == true)
            #expect(syntaxError["locations"] != nil)

            // Asked for the GraphQL response type alone, a validation failure is a 400.
            let strict = try await server.post("{ film { rating } }", accept: "application/graphql-response+json")
            #expect(strict.status == 400)
            #expect(strict.contentType.hasPrefix("application/graphql-response+json"))
            // The refusals are journalled as contract violations.
            #expect(server.engine.journal.contractViolations.all.count >= 5)
        }
    }

    @Test func aStubAnswersAValidOperationBeforeTheSchemaDoes() async throws {
        let contract = try await SWAPI.contract.value
        let stub = """
            {"request":{"method":"POST","urlPath":"/graphql","customMatcher":{"name":"graphql-body-matcher",
              "parameters":{"query":"{ person(id: \\"1\\") { name } }"}}},
             "response":{"jsonBody":{"data":{"person":{"name":"Luke Skywalker"}}}}}
            """
        try await SchemaServer.with(contract, stubs: [stub]) { server in
            let stubbed = try await server.post("query { person(id: \"1\") {\n name\n} }")
            #expect(stubbed.json == ["data": ["person": ["name": "Luke Skywalker"]]])
            let mocked = try await server.post("{ person(id: \"2\") { name } }")
            #expect(mocked.json["data"]?["person"]?["name"]?.stringValue != "Luke Skywalker")
        }
    }

    /// Found in review: an empty operation name and none are different requests to the cache.
    @Test func anEmptyOperationNameIsNotTakenForNone() async throws {
        let contract = try await SWAPI.contract.value
        try await SchemaServer.with(contract) { server in
            let named = try await server.send(Data(#"{"query":"{ allFilms { totalCount } }","operationName":""}"#.utf8))
            #expect(named.json["errors"]?[0]?["message"] == "Unknown operation named \"\".")
            let unnamed = try await server.send(Data(#"{"query":"{ allFilms { totalCount } }"}"#.utf8))
            #expect(unnamed.json["data"]?["allFilms"]?["totalCount"]?.numberValue != nil, "\(unnamed.json)")
        }
    }

    @Test func introspectionLoadsTheSchemaAsClientsAndIDEsAskForIt() async throws {
        let contract = try await SWAPI.contract.value
        try await SchemaServer.with(contract) { server in
            let answer = try await server.post(
                """
                query IntrospectionQuery { __schema { queryType { name } mutationType { name }
                  types { kind name fields(includeDeprecated: true) { name args { name type { kind name ofType { kind name } } }
                  type { kind name ofType { kind name ofType { kind name } } } } possibleTypes { name } } } }
                """)
            let schema = try #require(answer.json["data"]?["__schema"])
            #expect(schema["queryType"]?["name"] == "Root")
            #expect(schema["mutationType"] == .null)
            let types = try #require(schema["types"]?.arrayValue)
            let film = try #require(types.first { $0["name"] == "Film" })
            #expect(film["kind"] == "OBJECT")
            let id = try #require(film["fields"]?.arrayValue?.first { $0["name"] == "id" })
            #expect(
                id["type"] == [
                    "kind": "NON_NULL", "name": .null, "ofType": ["kind": "SCALAR", "name": "ID", "ofType": .null]
                ])
            let node = try #require(types.first { $0["name"] == "Node" })
            #expect(node["possibleTypes"]?.arrayValue?.count == 6)

            let one = try await server.post(
                "{ __type(name: \"Film\") { name kind fields { name } } nope: __type(name: \"Nope\") { name } }")
            #expect(one.json["data"]?["__type"]?["fields"]?.arrayValue?.contains(["name": "title"]) == true)
            #expect(one.json["data"]?["nope"] == .null)
        }
    }

    @Test func getBatchesPersistedQueriesAndBadRequests() async throws {
        let contract = try await SWAPI.contract.value
        try await SchemaServer.with(contract) { server in
            let get = try await server.send(
                Data(), method: "GET", path: "/graphql?query=%7B%20allFilms%20%7B%20totalCount%20%7D%20%7D")
            #expect(get.json["data"]?["allFilms"]?["totalCount"]?.numberValue != nil)

            let batch = try await server.send(
                Data(#"[{"query":"{ allFilms { totalCount } }"},{"query":"{ film { nope } }"}]"#.utf8))
            #expect(batch.json.arrayValue?.count == 2)
            #expect(batch.json[0]?["data"] != nil)
            #expect(batch.json[1]?["errors"] != nil)

            let persisted = try await server.send(
                Data(#"{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"abc"}}}"#.utf8))
            #expect(persisted.json["errors"]?[0]?["extensions"]?["code"] == "PERSISTED_QUERY_NOT_FOUND")

            let empty = try await server.send(Data(#"{"nothing":true}"#.utf8))
            #expect(empty.status == 400)
            let put = try await server.send(Data(), method: "PUT")
            #expect(put.status == 405)
            // Other paths are the stubs' alone.
            let elsewhere = try await server.send(Data(), method: "GET", path: "/other")
            #expect(elsewhere.status == 404)
        }
    }
}
