import Foundation
import Synchronization
import Testing
import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The manual clock on its own, then driving stub delays on every transport.
@Suite(.timeLimit(.minutes(1))) struct ManualClockTests {
    @Test func aSleeperWakesWhenTheClockReachesItsDeadlineNotBefore() async throws {
        let clock = ManualClock()
        let woke = Task { try await clock.sleep(for: .seconds(10)) }
        try await clock.waitUntilSleeping()
        clock.advance(by: .seconds(9))
        #expect(clock.sleeping == 1)
        clock.advance(by: .seconds(1))
        try await woke.value
        #expect(clock.sleeping == 0)
        #expect(clock.now == ManualClock.Instant(offset: .seconds(10)))
    }

    @Test func sleepersWakeEarliestFirst() async throws {
        let clock = ManualClock()
        let order = Mutex<[Int]>([])
        for (index, delay) in [3, 1, 2].enumerated() {
            clock.schedule(after: .seconds(delay)) { order.withLock { $0.append(index) } }
        }
        clock.advance(by: .seconds(5))
        #expect(order.withLock { $0 } == [1, 2, 0])
    }

    @Test func aCancelledSleepThrowsAndLeavesNothingSleeping() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        try await clock.waitUntilSleeping()
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeping == 0)
    }

    @Test func waitingForSleepersThatNeverComeSaysSo() async throws {
        let clock = ManualClock()
        let error = await #expect(throws: ManualClock.SleepersDidNotArrive.self) {
            try await clock.waitUntilSleeping(timeout: .milliseconds(50))
        }
        #expect(error?.description.contains("not Task.sleep") == true)
    }

    /// A 30-second stub delay goes out when the test moves the clock, over both transports.
    @Test(arguments: StubTransport.allCases)
    func aStubDelayFallsDueWhenTheClockMoves(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host in
            let clock = ManualClock()
            host.clock = clock
            host.stub(.get("/slow"), .ok(body: "late").delay(.seconds(30)))
            let started = ContinuousClock.now
            let reply = Task { try await host.send("/slow") }
            try await clock.waitUntilSleeping()
            #expect(host.serveEvents.first?.response == nil)  // journalled, not answered
            clock.advance(by: .seconds(30))
            #expect(try await reply.value.text == "late")
            #expect(ContinuousClock.now - started < .seconds(10))
        }
    }
}
