/// How many requests a verification expects.
public enum VerificationCount: Sendable, Hashable, CustomStringConvertible {
    /// Exactly `n` requests.
    case exactly(Int)
    /// `n` requests or more.
    case atLeast(Int)
    /// `n` requests or fewer.
    case atMost(Int)

    /// No request at all: `.exactly(0)`.
    public static let never = VerificationCount.exactly(0)

    /// True when `count` requests satisfy this expectation.
    public func isSatisfied(by count: Int) -> Bool {
        switch self {
        case .exactly(let n): return count == n
        case .atLeast(let n): return count >= n
        case .atMost(let n): return count <= n
        }
    }

    /// "exactly 2", "at least 1", "at most 3", "no".
    public var description: String {
        switch self {
        case .exactly(0): return "no"
        case .exactly(let n): return "exactly \(n)"
        case .atLeast(let n): return "at least \(n)"
        case .atMost(let n): return "at most \(n)"
        }
    }
}
