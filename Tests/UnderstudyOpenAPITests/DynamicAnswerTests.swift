import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyOpenAPI

/// `Prefer: dynamic=true`: a body generated afresh for each request, still within its schema.
/// Without it, the same request gets the same body.
@Suite struct DynamicAnswerTests {
    let contract: OpenAPIContract

    init() throws {
        contract = OpenAPIContract(specs: [try SpecFixture.spec(SpecFixture.pets)])
    }

    func answer(_ method: String, _ path: String, prefer: String? = nil) throws -> (ContractAnswer, [ContractViolation])
    {
        let (_, id) = try #require(contract.operation(method: method, path: path))
        let headers: HeaderFields = prefer.map { ["Prefer": $0] } ?? [:]
        let answer = contract.answer(LoggedRequest(method: method, url: path, headers: headers), operation: id)
        let response = LoggedResponse(status: answer.status, headers: answer.headers, body: answer.body)
        return (answer, contract.checkResponse(response, operation: id))
    }

    @Test func dynamicAnswersDifferAndEachConforms() throws {
        var bodies = Set<Data>()
        for _ in 0..<5 {
            let (answer, violations) = try answer("GET", "/pets/3", prefer: "dynamic=true")
            #expect(violations.isEmpty, "\(String(decoding: answer.body, as: UTF8.self))")
            bodies.insert(answer.body)
        }
        // Five draws of an id, a name and a date alike would take astronomical luck.
        #expect(bodies.count > 1)
    }

    @Test func dynamicAnswersPassOverTheSpecsExamplesUnlessOneIsNamed() throws {
        let (generated, violations) = try answer("POST", "/pets", prefer: "dynamic=true")
        #expect(violations.isEmpty)
        let name = try JSONParser.parse(generated.body)["name"]
        #expect(name != "Tom" && name != "Rex")
        let (named, _) = try answer("POST", "/pets", prefer: "dynamic=true, example=dog")
        #expect(try JSONParser.parse(named.body)["name"] == "Rex")
    }

    @Test func withoutDynamicTheSameRequestGetsTheSameBody() throws {
        let first = try answer("GET", "/pets", prefer: nil).0
        let second = try answer("GET", "/pets", prefer: "dynamic=false").0
        #expect(first.body == second.body)
        #expect(first.headers.first("X-Total") == second.headers.first("X-Total"))
    }

    @Test func everyOperationsDynamicAnswerConforms() throws {
        for operation in contract.specs[0].operations {
            let path = operation.pathTemplate.replacingOccurrences(of: "{petId}", with: "5")
            for _ in 0..<10 {
                let (answer, violations) = try answer(operation.method, path, prefer: "dynamic=true")
                #expect(
                    violations.isEmpty, "\(operation.method) \(path): \(String(decoding: answer.body, as: UTF8.self))")
            }
        }
    }
}
