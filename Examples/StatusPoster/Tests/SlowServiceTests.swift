import Foundation
import StatusPoster
import Synchronization
import Testing
import UnderstudyTesting

/// Story 3: a fake with realistic latency, and tests that wait for callbacks without sleeping.
@Suite struct SlowServiceTests {
    @Test(.inProcessStubs)
    func theLegacyCallbackArrivesAfterTheRequestWasSeen() async throws {
        let stubs = try InProcessStubs.current
        let gate = stubs.stub(
            .get("/timeline"),
            .ok(json: #"[{"id":1,"user":"rita","text":"slow"}]"#).delay(
                .uniform(.milliseconds(5)...(.milliseconds(40)))
            ).held())
        let client = LegacyStatusClient(baseURL: stubs.baseURL, configuration: stubs.sessionConfiguration())
        let result = Mutex<Result<[Post], StatusServiceError>?>(nil)

        client.timeline(page: 1) { outcome in result.withLock { $0 = outcome } }

        // The request is journalled at once; the callback cannot have run while it is held.
        await stubs.expectRequests(matching: .get("/timeline"))
        await stubs.expectHeld(gate)
        #expect(result.withLock { $0 } == nil)
        gate.release()
        await eventually("the completion handler ran") { result.withLock { $0 } != nil }
        #expect(try result.withLock { $0 }?.get() == [Post(id: 1, user: "rita", text: "slow")])
    }

    @Test(.stubServer())
    func manySlowRequestsAllComeBack() async throws {
        let server = try StubServer.current
        server.stub(
            .get("/timeline"),
            .ok(json: "[]").delay(.lognormal(median: .milliseconds(20), sigma: 0.5, max: .milliseconds(150)))
        )
        .expected(times: 6)
        let client = StatusClient(baseURL: server.baseURL, configuration: server.sessionConfiguration())

        try await withThrowingTaskGroup(of: [Post].self) { group in
            for _ in 0..<6 { group.addTask { try await client.timeline(page: 1) } }
            for try await page in group { #expect(page.isEmpty) }
        }
        // Strict mode checks `.expected(times: 6)` when the test ends.
    }

    @Test(.inProcessStubs)
    @MainActor
    func theFormMovesToPostedWhenTheSlowAnswerArrives() async throws {
        let stubs = try InProcessStubs.current
        stubs.stub(
            .post("/restaurants/9/reviews"), .created(json: #"{"id":5,"title":"Late"}"#).delay(.milliseconds(30)))
        let form = ReviewForm(
            service: StatusClient(baseURL: stubs.baseURL, configuration: stubs.sessionConfiguration()), restaurantID: 9)

        let submitting = Task { await form.submit(NewReview(title: "Late", stars: 3)) }
        // ReviewForm is @Observable: `eventually` wakes when `state` changes, not on a timer.
        await eventually("the form shows the posted review") { form.state == .posted(Review(id: 5, title: "Late")) }
        await submitting.value
    }
}
