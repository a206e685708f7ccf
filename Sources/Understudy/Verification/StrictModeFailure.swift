/// What strict mode found wrong with a host: requests no stub matched (each with its near-miss
/// diff), requests or responses that broke the host's contract, and stubs whose
/// `expected(times:)` was not met.
///
/// Thrown at the end of `withStubs`, `withStubServer` and `withInProcessStubs` (unless
/// `strict: false`), and by ``StubHost/verifyStrictMode()`` when a test asks for it.
public struct StrictModeFailure: Error, Sendable, CustomStringConvertible {
    /// One message per problem, oldest request first, then the unmet expectations.
    public var problems: [String]

    /// Makes the failure from its messages.
    public init(problems: [String]) {
        self.problems = problems
    }

    /// How many problems, then each one.
    public var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return "Strict mode found \(count):\n\n" + problems.joined(separator: "\n\n")
    }
}
