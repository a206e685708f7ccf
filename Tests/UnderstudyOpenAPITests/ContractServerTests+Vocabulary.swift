import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyOpenAPI
import UnderstudyServer

/// Discriminators, read/write-only properties, deepObject queries and dynamic answers as a
/// client meets them: over a real socket, with the contract enforced.
extension ContractServerTests {
    @Test func anEnforcedContractRefusesABodyByItsDiscriminatorsBranch() async throws {
        try await withContractServer(spec: SpecFixture.shapes(version: "3.1.0"), mode: .enforce) { server, _ in
            let json = ["Content-Type": "application/json"]
            let (accepted, _, created) = try await send(
                server, "POST", "/pets", headers: json, body: #"{"petType":"dog","bark":true}"#)
            #expect(accepted == 201)
            #expect(try JSONParser.parse(created)["petType"] == "cat")
            let (refused, _, problem) = try await send(
                server, "POST", "/pets", headers: json, body: #"{"petType":"dog","name":"Rex"}"#)
            #expect(refused == 400)
            let violation = try #require(try JSONParser.parse(problem)["violations"]?.arrayValue?.first)
            #expect(violation["reason"] == #"required: required property "bark" is missing"#)
            let (unknown, _, unknownProblem) = try await send(
                server, "POST", "/pets", headers: json, body: #"{"petType":"bird"}"#)
            #expect(unknown == 400)
            let detail = try #require(try JSONParser.parse(unknownProblem)["detail"]?.stringValue)
            #expect(detail.contains(#""petType" is "bird", not one of "cat", "dog""#))
        }
    }

    @Test func anEnforcedContractRefusesAReadOnlyPropertyInARequest() async throws {
        try await withContractServer(spec: SpecFixture.users(version: "3.0.3"), mode: .enforce) { server, _ in
            let json = ["Content-Type": "application/json"]
            let (created, _, body) = try await send(
                server, "POST", "/users", headers: json, body: #"{"name":"Ann","password":"secret123"}"#)
            #expect(created == 201)
            #expect(try JSONParser.parse(body)["password"] == nil)
            let (refused, _, _) = try await send(
                server, "POST", "/users", headers: json, body: #"{"id":3,"name":"Ann","password":"secret123"}"#)
            #expect(refused == 400)
        }
    }

    @Test func aDeepObjectQueryIsCheckedOnTheWire() async throws {
        try await withContractServer(spec: SpecFixture.products, mode: .enforce) { server, engine in
            let (found, _, _) = try await send(server, "GET", "/products?filter%5Bcolor%5D=red&filter%5Bsize%5D=M")
            #expect(found == 200)
            let (refused, _, problem) = try await send(server, "GET", "/products?filter%5Bsize%5D=XL")
            #expect(refused == 400)
            let violation = try #require(try JSONParser.parse(problem)["violations"]?.arrayValue?.first)
            #expect(violation["where"] == "query.filter")
            #expect(violation["pointer"] == "/size")
            #expect(engine.journal.contractViolations.all.count == 1)
        }
    }

    @Test func dynamicAnswersDifferOnTheWire() async throws {
        try await withContractServer { server, engine in
            var bodies = Set<Data>()
            for _ in 0..<4 {
                let (status, _, body) = try await send(server, "GET", "/pets/3", headers: ["Prefer": "dynamic=true"])
                #expect(status == 200)
                bodies.insert(body)
            }
            #expect(bodies.count > 1)
            let (_, _, first) = try await send(server, "GET", "/pets/3")
            let (_, _, second) = try await send(server, "GET", "/pets/3")
            #expect(first == second)
        }
    }
}
