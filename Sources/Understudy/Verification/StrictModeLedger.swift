import Synchronization

/// What strict mode has reported for one host, so that a problem the test reported itself
/// (``StubHost/verifyStrictMode()``, e.g. inside `withKnownIssue`) is not reported again when
/// the test ends.
package final class StrictModeLedger: Sendable {
    private let reported = Mutex<Set<String>>([])

    package init() {}

    /// The problems not reported yet, which from now on count as reported.
    func take(_ problems: [StrictModeProblem]) -> [StrictModeProblem] {
        reported.withLock { reported in problems.filter { reported.insert($0.key).inserted } }
    }

    /// The problems not reported yet, leaving them unreported.
    func unreported(_ problems: [StrictModeProblem]) -> [StrictModeProblem] {
        reported.withLock { reported in problems.filter { !reported.contains($0.key) } }
    }
}
