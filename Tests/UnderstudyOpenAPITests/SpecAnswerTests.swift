import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyOpenAPI

@Suite struct SpecAnswerTests {
    let contract: OpenAPIContract

    init() throws {
        contract = OpenAPIContract(specs: [try SpecFixture.spec(SpecFixture.pets)])
    }

    func answer(_ method: String, _ path: String, headers: HeaderFields = [:]) throws -> ContractAnswer {
        let (_, id) = try #require(contract.operation(method: method, path: path))
        return contract.answer(LoggedRequest(method: method, url: path, headers: headers), operation: id)
    }

    @Test func theFirstExampleOfTheFirst2xxIsTheAnswer() throws {
        let answer = try answer("POST", "/pets")
        #expect(answer.status == 201)
        #expect(answer.headers.first("Content-Type") == "application/json")
        #expect(try JSONParser.parse(answer.body) == ["id": 1, "name": "Tom", "tag": nil])
    }

    @Test func preferPicksTheExampleAndTheStatus() throws {
        let dog = try answer("POST", "/pets", headers: ["Prefer": "example=dog"])
        #expect(try JSONParser.parse(dog.body)["name"] == "Rex")
        let conflict = try answer("POST", "/pets", headers: ["Prefer": "code=409"])
        #expect(conflict.status == 409)
        #expect(conflict.headers.first("Content-Type") == "application/problem+json")
        let byDefault = try answer("GET", "/pets/3", headers: ["Prefer": "code=404"])
        #expect(byDefault.status == 404)
    }

    @Test func aBodyGeneratedFromTheSchemaConformsAndIsStable() throws {
        let first = try answer("GET", "/pets/3")
        let second = try answer("GET", "/pets/3")
        #expect(first.body == second.body)
        let (_, id) = try #require(contract.operation(method: "GET", path: "/pets/3"))
        let response = LoggedResponse(status: first.status, headers: first.headers, body: first.body)
        #expect(contract.checkResponse(response, operation: id).isEmpty)
        let body = try JSONParser.parse(first.body)
        #expect(body["born"] == "2024-01-01")
        #expect(body["id"] == 1)
    }

    @Test func everyGeneratedAnswerConformsToItsOwnSpec() throws {
        for operation in contract.specs[0].operations {
            let path = operation.pathTemplate.replacingOccurrences(of: "{petId}", with: "5")
            let (_, id) = try #require(contract.operation(method: operation.method, path: path))
            let answer = contract.answer(LoggedRequest(method: operation.method, url: path), operation: id)
            let response = LoggedResponse(status: answer.status, headers: answer.headers, body: answer.body)
            #expect(contract.checkResponse(response, operation: id).isEmpty, "\(operation.method) \(path)")
        }
    }

    @Test func documentedHeadersAreSentAndANoContentAnswerHasNoBody() throws {
        let list = try answer("GET", "/pets")
        #expect(list.headers.first("X-Total") == "0")
        let none = try answer("GET", "/pets/mine")
        #expect(none.status == 204)
        #expect(none.body.isEmpty)
    }
}
