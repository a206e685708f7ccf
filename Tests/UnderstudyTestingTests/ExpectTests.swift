import Foundation
import Observation
import Testing
import UnderstudyTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Verification failures become issues at the caller, with the diff and what was received.
@Suite struct ExpectTests {
    @Test func aFailedExpectationIsAnIssueWithTheNearMiss() async throws {
        try await withInProcessStubs { stubs in
            stubs.stub(.post("/statuses"), .created())
            var request = URLRequest(url: try stubs.url("/statuses"))
            request.httpMethod = "POST"
            request.httpBody = Data("status=hello".utf8)
            _ = try await stubs.session.data(for: request)

            withKnownIssue {
                stubs.expect(.post("/statuses").form("status", .equalTo("goodbye")), .exactly(1))
            } matching: { issue in
                let text = issue.comments.map(\.rawValue).joined()
                return text.contains("but received 0") && text.contains("POST /statuses") && text.contains("goodbye")
            }
            #expect(stubs.expect(.post("/statuses").form("status", .equalTo("hello")), .exactly(1)))
        }
    }

    @Test func aWaitThatTimesOutIsAnIssue() async throws {
        try await withInProcessStubs { stubs in
            await withKnownIssue {
                let found = await stubs.expectRequests(matching: .get("/never"), timeout: .milliseconds(50))
                #expect(found.isEmpty)
            } matching: { issue in
                issue.comments.contains { $0.rawValue.contains("Timed out") }
            }
        }
    }

    @Test func eventuallyReportsWhatNeverBecameTrue() async {
        await withKnownIssue {
            let held = await eventually("the flag is set", timeout: .milliseconds(30)) { false }
            #expect(!held)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("“the flag is set” did not become true") }
        }
    }

    @Test @MainActor func eventuallyWakesOnAnObservedChange() async {
        let flag = ObservedFlag()
        Task { @MainActor in flag.isSet = true }
        #expect(await eventually { flag.isSet })
    }
}

@MainActor @Observable
final class ObservedFlag {
    var isSet = false
}
