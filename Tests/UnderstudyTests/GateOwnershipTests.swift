import Foundation
import Testing
import Understudy

/// `.held()` only names a gate; each host makes its own, so nothing is shared between hosts.
@Suite struct GateOwnershipTests {
    @Test func theSameHeldResponseOnTwoEnginesGivesIndependentGates() async throws {
        let response = ResponseDefinition.ok().held()
        try await withStubs(.inProcess) { first in
            try await withStubs(.inProcess) { second in
                let one = first.stub(.get("/h"), response)
                let other = second.stub(.get("/h"), response)
                let oneGate = try #require(one.gate)
                let otherGate = try #require(other.gate)
                #expect(oneGate !== otherGate)
                one.release()
                #expect(oneGate.isOpen)
                #expect(!otherGate.isOpen)
            }
        }
    }

    @Test func buildingHeldTwiceNamesTwoGates() {
        #expect(ResponseDefinition.ok().held().gate != ResponseDefinition.ok().held().gate)
        #expect(ResponseDefinition.ok().held().gate != nil)
    }

    @Test func aGateExistsBeforeTheFirstRequest() async throws {
        try await withStubs(.inProcess) { host in
            let handle = host.stub(.get("/h"), .ok().held())
            #expect(handle.gate?.waiting == 0)
        }
    }
}

/// A stub's expectation is typed, and stored in its metadata as before.
@Suite struct StubExpectationAccessorTests {
    @Test func theExpectationReadsBackFromTheMetadata() async throws {
        try await withStubs(.inProcess, strict: false) { host in
            let handle = host.stub(.get("/e"), .ok()).expected(.atLeast(2))
            let stub = try #require(handle.mappings.first)
            #expect(stub.expectation?.count == .atLeast(2))
            #expect(stub.metadata?[StubExpectation.metadataKey]?.objectValue?["mode"]?.stringValue == "atLeast")
            var cleared = stub
            cleared.expectation = nil
            #expect(cleared.metadata == nil)
        }
    }
}
