import Foundation
import Testing
import Understudy

extension StubHost {
    /// Checks how many requests matched `pattern`; on failure records an issue at the caller
    /// (Swift Testing) or a failure on the owning XCTest case, with the count, every request
    /// received and the near-miss diff. Returns whether it passed, and never throws, so a test
    /// can go on and report more.
    ///
    /// ```swift
    /// server.expect(.post("/statuses").form("status", .equalTo("hi")), .exactly(1))
    /// ```
    @discardableResult
    public func expect(
        _ pattern: RequestPattern, _ count: VerificationCount = .atLeast(1),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        do {
            try verify(pattern, count)
            return true
        } catch {
            FailureReporter.record(String(describing: error), host: self, sourceLocation: sourceLocation)
            return false
        }
    }

    /// Waits, without polling, for `count` requests matching `pattern` and returns them; on a
    /// time-out records an issue at the caller (with what was received and the near-miss diff)
    /// and returns what did match.
    @discardableResult
    public func expectRequests(
        matching pattern: RequestPattern, count: Int = 1, timeout: Duration = .seconds(5),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> [LoggedRequest] {
        do {
            return try await waitForRequests(matching: pattern, count: count, timeout: timeout)
        } catch {
            FailureReporter.record(String(describing: error), host: self, sourceLocation: sourceLocation)
            return requests(matching: pattern)
        }
    }

    /// Waits, without polling, until the gate of `stub` (made with `.held()`) holds `count`
    /// requests; on a time-out records an issue at the caller. Returns whether they arrived.
    @discardableResult
    public func expectHeld(
        _ stub: StubHandle, count: Int = 1, timeout: Duration = .seconds(5),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        do {
            try await stub.waitUntilHolding(count, timeout: timeout)
            return true
        } catch {
            let received = receivedRequests.map { "  \($0.method) \($0.url)" }.joined(separator: "\n")
            FailureReporter.record(
                "\(error)\nRequests received:\n\(received.isEmpty ? "  none" : received)", host: self,
                sourceLocation: sourceLocation)
            return false
        }
    }

    /// Records an issue for every request no stub matched so far, with its near-miss diff;
    /// what strict mode does at the end of a test, on demand. What it records is not recorded
    /// again when the test ends, so it can sit inside `withKnownIssue`.
    @discardableResult
    public func expectNoUnmatchedRequests(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let problems = reportUnmatchedRequests()
        for problem in problems { FailureReporter.record(problem, host: self, sourceLocation: sourceLocation) }
        return problems.isEmpty
    }

    /// Records an issue for each problem strict mode finds now (unmatched requests, broken
    /// contracts, unmet `expected(times:)`); what the traits do at the end of a test, on demand.
    /// What it records is not recorded again when the test ends, so
    /// `withKnownIssue { host.expectStrictMode() }` holds a failure the test expects, once.
    /// Returns whether there were none. (`verifyStrictMode()` throws instead.)
    @discardableResult
    public func expectStrictMode(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let problems = reportStrictModeProblems()
        for problem in problems { FailureReporter.record(problem, host: self, sourceLocation: sourceLocation) }
        return problems.isEmpty
    }
}

extension StubHost {
    /// Records an issue for every request that broke the host's contract so far (its own
    /// violations and its response's), each with a table of the rules broken; what strict mode
    /// does at the end of a test, on demand. Returns whether there were none.
    @discardableResult
    public func expectNoContractViolations(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let problems = reportContractViolations()
        for problem in problems { FailureReporter.record(problem, host: self, sourceLocation: sourceLocation) }
        return problems.isEmpty
    }
}
