import Foundation
import Testing
import UnderstudyAdmin
import UnderstudyCore
import UnderstudyJSON
import UnderstudyOpenAPI
import UnderstudyServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real server on a free port with the pets spec as its contract, over real sockets.
@Suite struct ContractServerTests {
    func withContractServer(
        spec: String = SpecFixture.pets, mode: OpenAPIValidationMode = .report, stubs: [String] = [],
        _ body: (StubHTTPServer, StubEngine) async throws -> Void
    ) async throws {
        let engine = StubEngine()
        for stub in stubs { try engine.store.add(StubMapping(jsonText: stub)) }
        engine.contract = OpenAPIContract(specs: [try SpecFixture.spec(spec)], mode: mode)
        var configuration = StubServerConfiguration()
        configuration.logger.logLevel = .error
        let server = try await StubHTTPServer.start(
            engine: engine, admin: WireMockAdminAPI(engine: engine), configuration: configuration)
        do {
            try await body(server, engine)
            try await server.stop()
        } catch {
            try? await server.stop()
            throw error
        }
    }

    func send(
        _ server: StubHTTPServer, _ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil
    ) async throws -> (Int, HTTPURLResponse, Data) {
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + path)!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body { request.httpBody = Data(body.utf8) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let (data, response) = try await URLSession(configuration: configuration).data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http, data)
    }

    @Test func aRequestNoStubMatchesIsAnsweredFromTheSpec() async throws {
        try await withContractServer { server, engine in
            let (status, response, data) = try await send(
                server, "POST", "/pets", headers: ["Content-Type": "application/json"], body: #"{"name":"Tom"}"#)
            #expect(status == 201)
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
            #expect(try JSONParser.parse(data)["name"] == "Tom")
            #expect(engine.journal.contractViolations.all.isEmpty)
        }
    }

    @Test func stubsComeFirstAndTheirResponsesAreChecked() async throws {
        let stub =
            #"{"request":{"method":"GET","urlPath":"/pets/1"},"response":{"status":200,"headers":{"Content-Type":"application/json"},"jsonBody":{"id":"one","name":"x"}}}"#
        try await withContractServer(stubs: [stub]) { server, engine in
            let (status, _, data) = try await send(server, "GET", "/pets/1")
            #expect(status == 200)
            #expect(try JSONParser.parse(data)["id"] == "one")
            // The response check runs as the exchange completes; wait for it without sleeping blindly.
            var violations: [RecordedContractViolation] = []
            for _ in 0..<100 {
                violations = engine.journal.contractViolations.all
                if !violations.isEmpty { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(violations.map(\.violation.side) == [.response])
            #expect(violations.first?.violation.pointer == "/id")
            let event = try #require(engine.journal.events.last)
            #expect(event.subEvents.map(\.type).contains("OPENAPI_RESPONSE_INVALID"))
        }
    }

    @Test func reportModeRecordsAnInvalidRequestAndAnswersAsUsual() async throws {
        try await withContractServer { server, engine in
            let (status, _, _) = try await send(server, "GET", "/pets/abc")
            #expect(status == 200)
            let event = try #require(engine.journal.events.last)
            let subEvent = try #require(event.subEvents.first { $0.type == "OPENAPI_REQUEST_INVALID" })
            #expect(subEvent.data["where"] == "path.petId")
        }
    }

    @Test func enforceModeAnswers400And405() async throws {
        try await withContractServer(mode: .enforce) { server, _ in
            let (status, response, data) = try await send(server, "GET", "/pets?limit=abc")
            #expect(status == 400)
            #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/problem+json")
            #expect(try JSONParser.parse(data)["status"] == 400)
            let (notAllowed, allowResponse, _) = try await send(server, "DELETE", "/pets/3")
            #expect(notAllowed == 405)
            #expect(allowResponse.value(forHTTPHeaderField: "Allow") == "GET")
        }
    }

    @Test func theAdminAPIListsAndClearsViolations() async throws {
        try await withContractServer { server, _ in
            _ = try await send(server, "GET", "/pets/abc")
            let (_, _, listed) = try await send(server, "GET", "/__admin/openapi/violations")
            let list = try JSONParser.parse(listed)
            #expect(list["meta"]?["total"] == 1)
            #expect(list["violations"]?.arrayValue?.first?["type"] == "OPENAPI_REQUEST_INVALID")
            #expect(list["violations"]?.arrayValue?.first?["url"] == "/pets/abc")
            let (deleted, _, _) = try await send(server, "DELETE", "/__admin/openapi/violations")
            #expect(deleted == 200)
            let (_, _, empty) = try await send(server, "GET", "/__admin/openapi/violations")
            #expect(try JSONParser.parse(empty)["meta"]?["total"] == 0)
            // A journal reset clears them too.
            _ = try await send(server, "GET", "/pets/abc")
            _ = try await send(server, "POST", "/__admin/requests/reset")
            let (_, _, afterReset) = try await send(server, "GET", "/__admin/openapi/violations")
            #expect(try JSONParser.parse(afterReset)["meta"]?["total"] == 0)
        }
    }

    @Test func anUnknownPathIsStillA404WithAViolation() async throws {
        try await withContractServer { server, engine in
            let (status, _, _) = try await send(server, "GET", "/unknown")
            #expect(status == 404)
            #expect(engine.journal.contractViolations.all.map(\.violation.location) == ["path"])
        }
    }
}
