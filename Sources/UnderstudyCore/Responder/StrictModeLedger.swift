import Synchronization

/// What strict mode has reported for one host, by each problem's key, so that a problem the test
/// reported itself (`StubHost.verifyStrictMode()`, e.g. inside `withKnownIssue`) is not reported
/// again when the test ends.
package final class StrictModeLedger: Sendable {
    private let reported = Mutex<Set<String>>([])

    package init() {}

    /// The problems not reported yet, which from now on count as reported.
    package func take<Problem>(_ problems: [Problem], key: (Problem) -> String) -> [Problem] {
        let keys = problems.map(key)
        let fresh = reported.withLock { reported in keys.map { reported.insert($0).inserted } }
        return zip(problems, fresh).filter(\.1).map(\.0)
    }

    /// The problems not reported yet, leaving them unreported.
    package func unreported<Problem>(_ problems: [Problem], key: (Problem) -> String) -> [Problem] {
        let keys = problems.map(key)
        let fresh = reported.withLock { reported in keys.map { !reported.contains($0) } }
        return zip(problems, fresh).filter(\.1).map(\.0)
    }
}
