import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyCore

/// A response names its gate by id in plain JSON; the gate itself belongs to an engine.
@Suite struct GateIDTests {
    @Test func theGateIdRoundTripsThroughJSON() throws {
        let id = GateID()
        var response = ResponseDefinition(status: 200)
        response.gate = id
        let written = JSONWriter.string(StubMapping(response: response).json)
        #expect(written.contains(#""understudyHeldBy":"\#(id.uuid.uuidString)""#))
        #expect(try StubMapping(jsonText: written).response.gate == id)
        response.gate = nil
        #expect(response.transformerParameters == nil)
    }

    @Test func onlyAnAdoptedGateHoldsAnEnginesAnswers() throws {
        let id = GateID()
        var response = ResponseDefinition(status: 200)
        response.gate = id
        let engine = StubEngine(store: try store([StubMapping(request: RequestPattern(), response: response)]))
        #expect(engine.served(request("GET", "/x")).gate == nil)
        let gate = engine.gates.adopt(id)
        #expect(engine.served(request("GET", "/x")).gate === gate)
        #expect(engine.gates.adopt(id) === gate)
        engine.gates.retireAll()
        #expect(gate.isOpen)
        #expect(engine.gates.existing(id) == nil)
    }

    @Test func aWatcherThatTimesOutIsNotLeftBehind() async throws {
        let gate = ResponseGate()
        await #expect(throws: ResponseGateTimeout.self) {
            try await gate.waitUntilHolding(1, timeout: .milliseconds(10))
        }
        // Had the watcher stayed, this hold would resume a finished stream; the count must be right either way.
        gate.hold {}
        try await gate.waitUntilHolding(1, timeout: .seconds(1))
        #expect(gate.waiting == 1)
    }
}
