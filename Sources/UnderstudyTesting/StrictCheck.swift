import Understudy

/// What strict mode finds wrong with a host at the end of a test.
public enum StrictCheck {
    /// One message per unmatched request (with its near-miss diff), per request that broke the
    /// host's contract (with a table of its violations) and per stub whose
    /// `StubHandle.expected(times:)` was not met, leaving out what the test reported already
    /// with `verifyStrictMode()`. Empty when all is well. The same as the host's
    /// `strictModeProblems`.
    public static func problems(in host: any StubHost) -> [String] {
        host.strictModeProblems
    }
}
