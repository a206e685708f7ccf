import UnderstudyCore

/// The messages of a bidirectional gRPC call waiting for the engine: decided one at a time, in
/// the order they came, so their journal entries and any scenario they move follow the client's
/// order, and each message's replies go out before the next message's.
struct BidirectionalQueue {
    private var waiting: [LoggedRequest] = []
    private var waitingStart = 0
    /// A message is with the engine now.
    private(set) var deciding = false
    /// The client has half-closed: once every message is answered, the call ends with OK.
    var clientDone = false

    mutating func enqueue(_ request: LoggedRequest) { waiting.append(request) }

    /// The next message to decide, unless one is being decided.
    mutating func nextToDecide() -> LoggedRequest? {
        guard !deciding, waitingStart < waiting.count else { return nil }
        deciding = true
        defer {
            waitingStart += 1
            if waitingStart == waiting.count {
                waiting.removeAll(keepingCapacity: true)
                waitingStart = 0
            }
        }
        return waiting[waitingStart]
    }

    mutating func decided() { deciding = false }

    /// Nothing waits and nothing is being decided.
    var isIdle: Bool { !deciding && waitingStart == waiting.count }
}
