import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyOpenAPI

@Suite struct ContractCheckTests {
    let contract: OpenAPIContract

    init() throws {
        contract = OpenAPIContract(specs: [try SpecFixture.spec(SpecFixture.pets)])
    }

    func request(_ method: String, _ url: String, headers: HeaderFields = [:], body: String = "") -> LoggedRequest {
        LoggedRequest(method: method, url: url, headers: headers, body: Data(body.utf8))
    }

    @Test func aConcretePathWinsOverATemplate() throws {
        #expect(contract.operation(method: "GET", path: "/pets/mine")?.0.pathTemplate == "/pets/mine")
        #expect(contract.operation(method: "GET", path: "/pets/7")?.0.pathTemplate == "/pets/{petId}")
        #expect(contract.operation(method: "GET", path: "/pets/7/extra") == nil)
    }

    @Test func theServerBasePathMayPrefixAPath() throws {
        #expect(contract.operation(method: "GET", path: "/v1/pets/7")?.0.pathTemplate == "/pets/{petId}")
    }

    @Test func aValidRequestHasNoViolations() throws {
        let check = contract.checkRequest(
            request("GET", "/pets?limit=5", headers: ["X-Trace": "6f1c7f4e-2b1a-4c3d-9e8f-0a1b2c3d4e5f"]))
        #expect(check.operation != nil)
        #expect(check.violations.isEmpty)
    }

    @Test func parametersAreCheckedForPresenceAndSchema() throws {
        let check = contract.checkRequest(request("GET", "/pets?limit=500"))
        let found = check.violations.map { "\($0.location) \($0.specPath)" }.sorted()
        #expect(
            found == [
                "header.X-Trace #/paths/~1pets/get/parameters/1",
                "query.limit #/paths/~1pets/get/parameters/0/schema"
            ])
        #expect(check.rejection == nil)  // report mode
    }

    @Test func formatsAreAsserted() throws {
        let check = contract.checkRequest(request("GET", "/pets", headers: ["X-Trace": "not-a-uuid"]))
        #expect(check.violations.map(\.reason).contains { $0.contains("uuid") })
    }

    @Test func aPathParameterIsReadAsItsType() throws {
        #expect(contract.checkRequest(request("GET", "/pets/12")).violations.isEmpty)
        let check = contract.checkRequest(request("GET", "/pets/abc"))
        #expect(check.violations.map(\.location) == ["path.petId"])
    }

    @Test func theJSONBodyIsCheckedWithNullableAndOneOf() throws {
        let json: HeaderFields = ["Content-Type": "application/json"]
        #expect(
            contract.checkRequest(
                request("POST", "/pets", headers: json, body: #"{"name":"Tom","tag":null,"kind":"cat"}"#)
            ).violations.isEmpty)
        #expect(
            contract.checkRequest(request("POST", "/pets", headers: json, body: #"{"name":"Tom","kind":3}"#)).violations
                .isEmpty)
        let bad = contract.checkRequest(
            request("POST", "/pets", headers: json, body: #"{"name":"","kind":true,"extra":1}"#))
        let pointers = Set(bad.violations.map(\.pointer))
        #expect(pointers.isSuperset(of: ["/name", "/kind"]))
        #expect(bad.violations.allSatisfy { $0.location == "body" })
    }

    @Test func aMissingRequiredBodyAndAWrongContentTypeAreViolations() throws {
        #expect(contract.checkRequest(request("POST", "/pets")).violations.map(\.location) == ["body"])
        let check = contract.checkRequest(request("POST", "/pets", headers: ["Content-Type": "text/plain"], body: "x"))
        #expect(check.violations.map(\.location) == ["header.Content-Type"])
    }

    @Test func enforcingAnswers400WithProblemDetails() throws {
        let enforcing = OpenAPIContract(specs: contract.specs, mode: .enforce)
        let check = enforcing.checkRequest(request("GET", "/pets?limit=500"))
        let rejection = try #require(check.rejection)
        #expect(rejection.status == 400)
        #expect(rejection.headers.first("Content-Type") == "application/problem+json")
        let body = try JSONParser.parse(rejection.body)
        #expect(
            body["violations"]?.arrayValue?.compactMap { $0["where"]?.stringValue }.sorted() == [
                "header.X-Trace", "query.limit"
            ])
    }

    @Test func enforcingFollowsADocumentedDefaultResponse() throws {
        // GET /pets/{petId} documents `default` as JSON with a message: the 400 keeps to it.
        let enforcing = OpenAPIContract(specs: contract.specs, mode: .enforce)
        let rejection = try #require(enforcing.checkRequest(request("GET", "/pets/abc")).rejection)
        #expect(rejection.status == 400)
        #expect(rejection.headers.first("Content-Type") == "application/json")
        #expect(try JSONParser.parse(rejection.body)["message"] != nil)
    }

    @Test func anUndocumentedMethodIs405WithAllowWhenEnforced() throws {
        let enforcing = OpenAPIContract(specs: contract.specs, mode: .enforce)
        let rejection = try #require(enforcing.checkRequest(request("DELETE", "/pets")).rejection)
        #expect(rejection.status == 405)
        #expect(rejection.headers.first("Allow") == "GET, POST")
        let reported = contract.checkRequest(request("DELETE", "/pets"))
        #expect(reported.rejection == nil)
        #expect(reported.violations.map(\.location) == ["method"])
    }

    @Test func anUnknownPathIsAViolationWithNoOperation() throws {
        let check = contract.checkRequest(request("GET", "/nothing"))
        #expect(check.operation == nil)
        #expect(check.violations.map(\.location) == ["path"])
    }

    @Test func responsesAreCheckedForStatusHeadersAndBody() throws {
        let (_, id) = try #require(contract.operation(method: "GET", path: "/pets/1"))
        let json: HeaderFields = ["Content-Type": "application/json"]
        #expect(
            contract.checkResponse(
                .init(status: 200, headers: json, body: Data(#"{"id":1,"name":"a"}"#.utf8)), operation: id
            ).isEmpty)
        let wrongType = contract.checkResponse(
            .init(status: 200, headers: json, body: Data(#"{"id":"1","name":"a"}"#.utf8)), operation: id)
        #expect(wrongType.map(\.pointer) == ["/id"])
        #expect(
            wrongType.first?.specPath == "#/paths/~1pets~1{petId}/get/responses/200/content/application~1json/schema")
        // 404 falls to `default`, whose schema wants a message.
        let byDefault = contract.checkResponse(.init(status: 404, headers: json, body: Data("{}".utf8)), operation: id)
        #expect(byDefault.map(\.location) == ["body"])
        let (_, list) = try #require(contract.operation(method: "GET", path: "/pets"))
        let undocumented = contract.checkResponse(.init(status: 500), operation: list)
        #expect(undocumented.map(\.location) == ["status"])
        let badHeader = contract.checkResponse(
            .init(status: 200, headers: ["Content-Type": "application/json", "X-Total": "many"], body: Data("[]".utf8)),
            operation: list)
        #expect(badHeader.map(\.location) == ["header.X-Total"])
    }

    @Test func recursiveSchemasValidateWithoutHanging() throws {
        let (_, id) = try #require(contract.operation(method: "GET", path: "/pets/1"))
        let deep =
            #"{"id":1,"name":"a","owner":{"name":"o","pets":[{"id":2,"name":"b","owner":{"name":"p","pets":[{"id":"bad","name":"c"}]}}]}}"#
        let found = contract.checkResponse(
            .init(status: 200, headers: ["Content-Type": "application/json"], body: Data(deep.utf8)), operation: id)
        #expect(found.map(\.pointer) == ["/owner/pets/0/owner/pets/0/id"])
    }
}

@Suite struct DelimitedArrayTests {
    @Test func anEscapedCommaStaysInsideItsItem() throws {
        let spec = try SpecFixture.spec(
            """
            openapi: 3.1.0
            info: { title: T, version: "1" }
            paths:
              /search:
                get:
                  parameters:
                    - name: tags
                      in: query
                      explode: false
                      schema: { type: array, maxItems: 2, items: { type: string } }
                  responses: { "200": { description: ok } }
            """)
        let contract = OpenAPIContract(specs: [spec])
        // Two items, the second holding a comma: within maxItems.
        #expect(contract.checkRequest(LoggedRequest(method: "GET", url: "/search?tags=a,b%2Cc")).violations.isEmpty)
        let three = contract.checkRequest(LoggedRequest(method: "GET", url: "/search?tags=a,b,c"))
        #expect(three.violations.map(\.location) == ["query.tags"])
    }
}
