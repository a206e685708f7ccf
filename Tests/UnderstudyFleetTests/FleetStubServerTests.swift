import Foundation
import Testing
import Understudy
import UnderstudyCore
import UnderstudyFleet

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `StubServer.start(fleet:)`: the Swift API of a fleet node, two of them on one PostgreSQL,
/// reached with URLSession over their sockets.
@Suite(.serialized, .enabled(if: FleetDatabase.isUsable, "needs UNDERSTUDY_FLEET_DATABASE (Scripts/lib/postgres.sh)"))
struct FleetStubServerTests {
    @Test func aStubAddedInSwiftAnswersOnEveryNodeAndVerificationCountsThemAll() async throws {
        let fleet = "swift-\(UUID().uuidString.prefix(8))"
        let first = try await StubServer.start(fleet: try FleetDatabase.configuration(fleet: fleet, node: "a"))
        let second = try await StubServer.start(fleet: try FleetDatabase.configuration(fleet: fleet, node: "b"))
        do {
            try await first.stub(StubMapping(request: .get("/orders"), response: .ok(json: #"{"orders":[]}"#)))
            // The node that took the change answers at once; the other within its propagation.
            var answered = 0
            for node in [first, second] {
                let deadline = ContinuousClock.now + .seconds(10)
                while ContinuousClock.now < deadline {
                    let (_, response) = try await node.server.session.data(from: try node.server.url("/orders"))
                    if (response as? HTTPURLResponse)?.statusCode == 200 {
                        answered += 1
                        break
                    }
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            #expect(answered == 2)
            for _ in 0..<3 { _ = try await second.server.session.data(from: try second.server.url("/orders")) }
            // The first node counts what the second answered; its own server sees only its own.
            // (The second may have answered 404 before the stub reached it: count what it saw.)
            let fleetWide = try await first.requests(matching: .get("/orders"))
            let local = first.server.requests(matching: .get("/orders")).count
            let others = second.server.requests(matching: .get("/orders")).count
            #expect(others >= 4)
            #expect(fleetWide.count == local + others)
            try await first.verify(.get("/orders"), .exactly(fleetWide.count))
            await #expect(throws: VerificationError.self) { try await first.verify(.get("/orders"), .exactly(1)) }
        } catch {
            try? await first.shutdown()
            try? await second.shutdown()
            throw error
        }
        try await second.shutdown()
        let status = try await first.server.session.data(from: try first.server.url("/__admin/fleet")).0
        let members = (try JSONSerialization.jsonObject(with: status) as? [String: Any])?["members"] as? [[String: Any]]
        #expect(members?.compactMap { $0["node"] as? String } == ["a"], "a node that shut down left the fleet")
        try await first.shutdown()
    }
}
