// Backs the article "Verifying and Waiting Without Sleeps"
// (Sources/Understudy/Understudy.docc/VerifyingAndWaiting.md).
import Foundation
import Observation
import Testing
import Understudy
import UnderstudyTesting

/// A view model a test waits on: it posts in the background and flips a flag when done.
@MainActor @Observable final class ReviewComposer {
    var posted = false
    let client: ReviewsClient
    init(client: ReviewsClient) { self.client = client }

    func post(_ title: String) {
        Task {
            _ = try? await self.client.create(title: title)
            self.posted = true
        }
    }
}

@Suite struct VerifyingSnippets {
    // Backs VerifyingAndWaiting.md, listing "verify".
    @Test func verifyThrowsWithTheNearMiss() async throws {
        try await withStubServer { server in
            server.stub(.post("/reviews"), .created(json: #"{"id":1,"title":"Great"}"#))
            let client = ReviewsClient(baseURL: server.baseURL, session: server.session)
            _ = try await client.create(title: "Great")

            try server.verify(.post("/reviews"), .exactly(1))
            try server.verify(.get("/reviews"), .never)
            do {
                try server.verify(try .post("/reviews").jsonBody(["title": "Awful"]))
                Issue.record("no request had that body")
            } catch let error as VerificationError {
                #expect(error.matchedCount == 0)
                #expect(error.received.count == 1)
                #expect(error.description.contains("Great"))  // the diff shows what was sent
            }
        }
    }

    // Backs VerifyingAndWaiting.md, listing "expect".
    @Test(.inProcessStubs)
    func expectRecordsAnIssueInstead() async throws {
        let stubs = try InProcessStubs.current
        stubs.stub(.post("/reviews"), .created(json: #"{"id":1,"title":"Great"}"#)).expected(times: 1)
        let client = ReviewsClient(baseURL: stubs.baseURL, session: stubs.session)
        _ = try await client.create(title: "Great")
        stubs.expect(.post("/reviews").header("Content-Type", .equalTo("application/json")), .exactly(1))
    }

    // Backs VerifyingAndWaiting.md, listing "strict".
    @Test func aScopeIsStrictToo() async throws {
        let failure = await #expect(throws: StrictModeFailure.self) {
            try await withInProcessStubs { stubs in
                stubs.stub(.get("/reviews"), .ok(json: "[]")).expected(times: 2)
                _ = try await fetch(try stubs.url("/reviews"), session: stubs.session)
            }
        }
        #expect(failure?.problems.first?.contains("expected to be used exactly 2 times, but was used 1") == true)
    }

    // Backs VerifyingAndWaiting.md, listing "known".
    @Test(.stubServer())
    func aRequestStrictModeMustCatch() async throws {
        let server = try StubServer.current
        _ = try await fetch(try server.url("/reviews/1"), session: server.session)  // nothing stubs it
        withKnownIssue { try server.verifyStrictMode() }
    }

    // Backs VerifyingAndWaiting.md, listing "wait".
    @Test func waitForABackgroundRequest() async throws {
        try await withStubServer { server in
            server.stub(.post("/reviews"), .created(json: #"{"id":1,"title":"Later"}"#))
            let client = ReviewsClient(baseURL: server.baseURL, session: server.session)
            Task { _ = try await client.create(title: "Later") }  // fire and forget, as apps do

            let requests = try await server.waitForRequests(matching: .post("/reviews"), count: 1, timeout: .seconds(5))
            #expect(requests.first?.bodyText.contains("Later") == true)
        }
    }

    // Backs VerifyingAndWaiting.md, listing "eventually".
    @Test @MainActor func waitForAppState() async throws {
        try await withInProcessStubs { stubs in
            stubs.stub(.post("/reviews"), .created(json: #"{"id":1,"title":"Soon"}"#))
            let model = ReviewComposer(client: ReviewsClient(baseURL: stubs.baseURL, session: stubs.session))
            model.post("Soon")
            await eventually("the composer shows the review as posted") { model.posted }
            #expect(model.posted)
        }
    }
}
