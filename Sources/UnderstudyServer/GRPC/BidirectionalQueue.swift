import UnderstudyGRPC

/// The answers of a bidirectional gRPC call, in the order its messages arrived: each message is
/// decided off the event loop, and answers can come back out of order, but replies go out in order.
struct BidirectionalQueue {
    private var slots: [GRPCAnswerer.Answer?] = []
    private var first = 0
    /// The client has half-closed: once every answer is out, the call ends with OK.
    var clientDone = false

    /// A place for the next message's answer.
    mutating func open() -> Int {
        slots.append(nil)
        return slots.count - 1
    }

    mutating func fill(_ ticket: Int, with answer: GRPCAnswerer.Answer) { slots[ticket] = answer }

    /// The next answer in order, if it has come.
    mutating func takeReady() -> GRPCAnswerer.Answer? {
        guard first < slots.count, let answer = slots[first] else { return nil }
        slots[first] = nil
        first += 1
        return answer
    }

    var isEmpty: Bool { first == slots.count }
}
