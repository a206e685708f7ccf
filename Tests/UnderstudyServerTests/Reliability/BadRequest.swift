/// One generated bad request: the bytes to send, how the client ends the connection, and
/// which statuses the server may answer with.
struct BadRequest: Sendable {
    /// The families of bad input the corpus covers.
    enum Shape: String, Sendable, CaseIterable {
        case brokenRequestLine, badVersion, badContentLength, conflictingContentLength, badChunking
        case oversizedHeaders, oversizedBody, controlBytes, badHeaderLine
        case smugglingCLTE, smugglingTECL, smugglingTETE, pipeliningAbuse
        case halfOpen, reset, slowloris
    }

    /// What the client does after its writes.
    enum Ending: Sendable {
        /// Half-closes (FIN) and reads until the server closes.
        case halfClose
        /// Aborts with a TCP reset; no answer is expected.
        case reset
        /// Sends nothing more and keeps its side open: the server's idle timeout must close it.
        case leaveOpen
    }

    /// The refusals every bad request may get.
    static let refusals: Set<Int> = [400, 413, 431, 505]

    var index: Int
    var shape: Shape
    /// Sent in order, each flushed on its own.
    var writes: [[UInt8]]
    var ending: Ending
    /// Statuses allowed in the answer; anything else fails the corpus.
    var allowedStatuses: Set<Int> = refusals
    /// At most this many non-refusal answers may come back (well-formed requests in front of the bad one).
    var maxAccepted = 0

    var bytes: [UInt8] { writes.flatMap { $0 } }
}
