import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyOpenAPI

/// `readOnly` properties are the server's: not sent in requests, nor required there. `writeOnly`
/// properties are the client's: not sent back in responses, nor required there.
@Suite struct ReadWriteOnlyTests {
    static let versions = ["3.0.3", "3.1.0"]

    func contract(_ version: String) throws -> (OpenAPIContract, ContractOperationID) {
        let contract = OpenAPIContract(specs: [try SpecFixture.spec(SpecFixture.users(version: version))])
        let (_, id) = try #require(contract.operation(method: "POST", path: "/users"))
        return (contract, id)
    }

    func requestViolations(_ version: String, _ body: String) throws -> [ContractViolation] {
        let request = LoggedRequest(
            method: "POST", url: "/users", headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        return try contract(version).0.checkRequest(request).violations
    }

    func responseViolations(_ version: String, _ body: String) throws -> [ContractViolation] {
        let (contract, id) = try contract(version)
        let response = LoggedResponse(
            status: 201, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        return contract.checkResponse(response, operation: id)
    }

    @Test(arguments: versions)
    func aRequestLeavesTheReadOnlyIdOutAndSendsTheWriteOnlyPassword(_ version: String) throws {
        #expect(try requestViolations(version, #"{"name":"Ann","password":"secret123"}"#).isEmpty)
    }

    @Test(arguments: versions)
    func aReadOnlyPropertyInARequestIsAViolation(_ version: String) throws {
        let found = try requestViolations(version, #"{"id":7,"name":"Ann","password":"secret123"}"#)
        #expect(found.map(\.pointer) == ["/id"])
        #expect(found.first?.reason == "readOnly: the property is read-only: it is not sent in a request")
    }

    @Test(arguments: versions)
    func aRequiredWriteOnlyPropertyIsStillRequiredInARequest(_ version: String) throws {
        let found = try requestViolations(version, #"{"name":"Ann"}"#)
        #expect(found.map(\.reason) == [#"required: required property "password" is missing"#])
    }

    @Test(arguments: versions)
    func aResponseLeavesThePasswordOutAndSendsTheId(_ version: String) throws {
        #expect(try responseViolations(version, #"{"id":7,"name":"Ann"}"#).isEmpty)
        let missing = try responseViolations(version, #"{"name":"Ann"}"#)
        #expect(missing.map(\.reason) == [#"required: required property "id" is missing"#])
    }

    @Test(arguments: versions)
    func aWriteOnlyPropertyInAResponseIsAViolation(_ version: String) throws {
        let found = try responseViolations(version, #"{"id":7,"name":"Ann","password":"secret123"}"#)
        #expect(found.map(\.pointer) == ["/password"])
        #expect(found.first?.reason == "writeOnly: the property is write-only: it is not sent back in a response")
    }

    @Test(arguments: versions)
    func aGeneratedAnswerLeavesEvenARequiredWriteOnlyPropertyOut(_ version: String) throws {
        let (contract, id) = try contract(version)
        for prefer in [[:], ["Prefer": "dynamic=true"]] as [HeaderFields] {
            let answer = contract.answer(LoggedRequest(method: "POST", url: "/users", headers: prefer), operation: id)
            let body = try JSONParser.parse(answer.body)
            #expect(body["password"] == nil)
            #expect(body["id"] != nil)
            let response = LoggedResponse(status: answer.status, headers: answer.headers, body: answer.body)
            #expect(contract.checkResponse(response, operation: id).isEmpty)
        }
    }

    @Test func aPropertyDeclaredInAnotherAllOfPartIsExemptToo() throws {
        let spec = """
            openapi: 3.1.0
            info: { title: Accounts, version: "1" }
            paths:
              /accounts:
                post:
                  requestBody:
                    required: true
                    content: { application/json: { schema: { $ref: "#/components/schemas/Account" } } }
                  responses:
                    "201":
                      description: created
                      content: { application/json: { schema: { $ref: "#/components/schemas/Account" } } }
            components:
              schemas:
                Resource:
                  type: object
                  properties:
                    id: { type: integer, readOnly: true }
                Account:
                  allOf:
                    - $ref: "#/components/schemas/Resource"
                    - type: object
                      required: [id, owner]
                      properties:
                        owner: { type: string }
            """
        let contract = OpenAPIContract(specs: [try SpecFixture.spec(spec)])
        let (_, id) = try #require(contract.operation(method: "POST", path: "/accounts"))
        func request(_ body: String) -> [ContractViolation] {
            contract.checkRequest(
                LoggedRequest(
                    method: "POST", url: "/accounts", headers: ["Content-Type": "application/json"],
                    body: Data(body.utf8))
            ).violations
        }
        #expect(request(#"{"owner":"ann"}"#).isEmpty)
        #expect(request(#"{"id":1,"owner":"ann"}"#).map(\.pointer) == ["/id"])
        let response = LoggedResponse(
            status: 201, headers: ["Content-Type": "application/json"], body: Data(#"{"owner":"ann"}"#.utf8))
        #expect(
            contract.checkResponse(response, operation: id).map(\.reason) == [
                #"required: required property "id" is missing"#
            ])
    }

    @Test func plainJSONSchemaIgnoresTheDirection() throws {
        let schema: JSONValue = [
            "type": "object", "required": ["id"], "properties": ["id": ["type": "integer", "readOnly": true]]
        ]
        let validator = try JSONSchemaValidator(schema: schema)
        #expect(validator.validate(["id": 1], direction: .request).isEmpty)
        #expect(validator.validate([:], direction: .request).map(\.keyword) == ["required"])
    }
}
