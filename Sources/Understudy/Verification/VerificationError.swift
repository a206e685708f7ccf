import Foundation
import UnderstudyCore
import UnderstudyJSON

/// A verification or a wait that failed, with everything needed to see why: the expected pattern
/// and count, how many matched, every request received, and the diff against the closest one.
public struct VerificationError: Error, Sendable, CustomStringConvertible {
    /// The pattern that was verified or waited for.
    public var pattern: RequestPattern
    /// The first line: what was expected and what happened.
    public var summary: String
    /// How many journalled requests matched `pattern`.
    public var matchedCount: Int
    /// Every request the host received, oldest first (at the time of the failure).
    public var received: [LoggedRequest]
    /// The requests closest to `pattern`, nearest first.
    public var nearMisses: [NearMiss]

    /// Builds the failure from the journal as it is now.
    package init(summary: String, pattern: RequestPattern, matchedCount: Int, received: [LoggedRequest]) {
        self.summary = summary
        self.pattern = pattern
        self.matchedCount = matchedCount
        self.received = received
        let unmatched = received.filter { !pattern.matches(MatchContext(request: $0)) }
        self.nearMisses = NearMissCalculator.nearest(to: pattern, among: unmatched)
    }

    /// Throws when `count` does not hold for the requests in `received` that match `pattern`;
    /// `scope` says where they were received (" across the fleet").
    package static func check(
        _ pattern: RequestPattern, _ count: VerificationCount, in received: [LoggedRequest], scope: String = ""
    ) throws {
        let matched = received.filter { pattern.matches(MatchContext(request: $0)) }.count
        guard !count.isSatisfied(by: matched) else { return }
        throw VerificationError(
            summary:
                "Expected \(count) request\(count == .exactly(1) ? "" : "s")\(scope) matching the pattern, but received \(matched).",
            pattern: pattern, matchedCount: matched, received: received)
    }

    /// The summary, the expected pattern as WireMock JSON, the requests received, and the
    /// near-miss diff (when some request did not match).
    public var description: String {
        var lines = [summary, "Expected pattern: \(JSONWriter.string(pattern.json))"]
        if received.isEmpty {
            lines.append("Requests received: none")
        } else {
            lines.append("Requests received (\(received.count)):")
            for request in received.prefix(50) {
                lines.append("  \(request.method) \(request.url)")
            }
            if received.count > 50 { lines.append("  … and \(received.count - 50) more") }
        }
        if let closest = nearMisses.first {
            lines.append(DiffRenderer.render(closest, title: "Closest request to the expected pattern"))
        }
        return lines.joined(separator: "\n")
    }
}
