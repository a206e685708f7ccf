import Foundation
import Testing
import UnderstudyTesting

/// The stories run over both transports: the chat client reads its stream with a data-task
/// delegate, which gets each piece as it arrives from the server and from the in-process
/// transport alike.
enum ChatHosts {
    /// Runs `body` with a fresh host of `transport`, then checks it as the traits' strict mode
    /// does (every request matched, every expectation met).
    static func with(
        _ transport: StubTransport, root: URL? = nil, isolation: isolated (any Actor)? = #isolation,
        sourceLocation: SourceLocation = #_sourceLocation, _ body: (any StubHost) async throws -> Void
    ) async throws {
        try await withStubs(transport, root: root) { host in
            try await body(host)
            for problem in StrictCheck.problems(in: host) {
                Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
            }
        }
    }
}
