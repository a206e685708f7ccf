import Foundation
import Synchronization

/// The Digest nonces this process has issued, and which nonce counts each has used: the state
/// that lets a Digest stub refuse a nonce it never issued and a replayed nonce count.
///
/// One book serves every engine in the process: nonces are 128 random bits, so they never clash,
/// and a client that moves between two servers of one test still gets a fair answer.
///
/// Matching only reads the book (so near misses, `verify` and journal searches can re-match a
/// request later); a count is used up only when a stub is selected, through `consume(_:by:)`.
/// A count used by request A still matches when A itself is matched again.
public final class DigestNonceBook: Sendable {
    /// The book every engine uses.
    public static let shared = DigestNonceBook()

    /// How many nonces are remembered; the oldest is forgotten first (and is then refused as stale).
    let nonceLimit: Int
    /// How many counts of one nonce are remembered; below the lowest, every count is a replay.
    let countLimit: Int

    struct Counts {
        /// Counts at or below this were used and then forgotten.
        var floor: UInt64 = 0
        var used: [UInt64: UUID] = [:]
    }

    struct State {
        var nonces: [String: Counts] = [:]
        var order: [String] = []
        var orderStart = 0
    }

    private let state = Mutex(State())

    init(nonceLimit: Int = 10_000, countLimit: Int = 1_024) {
        self.nonceLimit = nonceLimit
        self.countLimit = countLimit
    }

    /// A fresh nonce, remembered as issued.
    public func issue() -> String {
        var random = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
        let nonce = DigestAlgorithm.hexDigits(bytes)
        remember(nonce)
        return nonce
    }

    /// Records `nonce` as issued (tests use it to replay RFC 7616's examples).
    func remember(_ nonce: String) {
        state.withLock { state in
            state.nonces[nonce] = Counts()
            state.order.append(nonce)
            if state.order.count - state.orderStart > nonceLimit {
                state.nonces[state.order[state.orderStart]] = nil
                state.orderStart += 1
                // Compact now and then so the order list does not grow without bound.
                if state.orderStart > nonceLimit {
                    state.order.removeFirst(state.orderStart)
                    state.orderStart = 0
                }
            }
        }
    }

    /// Why `count` of `nonce` cannot be used by `request`, or nil when it can.
    func refusal(nonce: String, count: UInt64, by request: UUID) -> String? {
        state.withLock { state in
            guard let counts = state.nonces[nonce] else { return "nonce not issued by this server, or stale" }
            return Self.refusal(counts, count: count, by: request)
        }
    }

    /// Uses up `count` of `nonce` for `request`, unless another request used it first.
    /// - Returns: false when the count is a replay (or the nonce is unknown).
    public func consume(_ nonce: String, count: UInt64, by request: UUID) -> Bool {
        state.withLock { state in
            guard var counts = state.nonces[nonce], Self.refusal(counts, count: count, by: request) == nil else {
                return false
            }
            counts.used[count] = request
            if counts.used.count > countLimit, let lowest = counts.used.keys.min() {
                counts.used[lowest] = nil
                counts.floor = max(counts.floor, lowest)
            }
            state.nonces[nonce] = counts
            return true
        }
    }

    private static func refusal(_ counts: Counts, count: UInt64, by request: UUID) -> String? {
        if let user = counts.used[count] {
            return user == request ? nil : "nonce count \(String(count, radix: 16)) replayed"
        }
        if count <= counts.floor { return "nonce count \(String(count, radix: 16)) replayed" }
        return nil
    }
}
