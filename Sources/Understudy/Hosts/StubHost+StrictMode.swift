extension StubHost {
    /// What strict mode would report if the test ended now: each request no stub matched (with
    /// its near-miss diff), each request or response that broke the contract, each stub whose
    /// `expected(times:)` is not met. Problems already reported by ``verifyStrictMode()`` are
    /// left out. Empty when all is well.
    public var strictModeProblems: [String] {
        _engineAccess.strictModeLedger.unreported(StrictModeProblem.all(in: self), key: \.key).map(\.message)
    }

    /// Throws ``StrictModeFailure`` for what strict mode finds now, and counts those problems as
    /// reported, so the check at the end of the test does not report them again.
    ///
    /// This is how a test says a request must fail strict mode:
    /// `withKnownIssue { try host.verifyStrictMode() }` holds the failure, and the test passes.
    /// A long-lived host (`StubServer.start`) has no end of scope: call it before shutting down.
    public func verifyStrictMode() throws {
        let problems = reportStrictModeProblems()
        guard problems.isEmpty else { throw StrictModeFailure(problems: problems) }
    }

    /// The problems not reported yet, which from now on count as reported: for the end of a
    /// scope, a trait or an XCTest tear-down.
    package func reportStrictModeProblems() -> [String] {
        _engineAccess.strictModeLedger.take(StrictModeProblem.all(in: self), key: \.key).map(\.message)
    }

    /// The unmatched requests not reported yet, which from now on count as reported.
    package func reportUnmatchedRequests() -> [String] {
        _engineAccess.strictModeLedger.take(StrictModeProblem.unmatched(in: engine), key: \.key).map(\.message)
    }

    /// The contract violations not reported yet, which from now on count as reported.
    package func reportContractViolations() -> [String] {
        _engineAccess.strictModeLedger.take(StrictModeProblem.contractViolations(in: self), key: \.key).map(\.message)
    }
}
