import NIOCore

/// What ``PlainRequestFastPath`` is doing on one connection, as a value: reads, a graceful stop,
/// a half-close and the channel going away go in, and each returns what the handler must do.
/// Like ``HTTP1ConnectionStateMachine`` for the general path, it holds no channel, so its
/// transitions are tested without one (`PlainFastPathStateMachineTests`).
///
/// ```
///   serving ──(a request not for this path, a slow reader, a trickle, half-close,
///     │        a stop mid-request, the channel gone)──▶ handedOver  (the general path reads from now on)
///     └──(a graceful stop between requests)──▶ stopping  (nothing more is read; close once written)
/// ```
struct PlainFastPathStateMachine {
    enum State {
        /// Answering plain requests; `held` is the start of one still arriving.
        case serving(held: ByteBuffer?, partialReads: Int)
        /// The general path has the connection: every read passes through.
        case handedOver
        /// A graceful stop between requests: nothing more is read.
        case stopping
    }

    /// Reads that may end inside one request before it goes to the general path: each re-parses
    /// the request from its start, and the general path's parser is incremental.
    static let maxPartialReads = 3

    private(set) var state = State.serving(held: nil, partialReads: 0)

    var isServing: Bool {
        if case .serving = state { return true }
        return false
    }

    // MARK: Reads

    enum ReadAction {
        /// Parse and answer plain requests from the front of these bytes (held bytes first).
        case parse(ByteBuffer)
        /// The general path has the connection: pass the read on.
        case passOn
        /// Stopping: drop it.
        case ignore
    }

    mutating func read(_ bytes: ByteBuffer) -> ReadAction {
        switch state {
        case .handedOver:
            return .passOn
        case .stopping:
            return .ignore
        case .serving(var held, let partialReads):
            guard var input = held else { return .parse(bytes) }
            held = nil
            state = .serving(held: nil, partialReads: partialReads)  // drop the reference so the append does not copy
            var bytes = bytes
            input.writeBuffer(&bytes)
            return .parse(input)
        }
    }

    /// A request was answered from the front of the input.
    mutating func answered() {
        if case .serving = state { state = .serving(held: nil, partialReads: 0) }
    }

    /// The input ends inside a plain request. Returns false when it has trickled in over too
    /// many reads and goes to the general path instead (``handOver()`` has been applied).
    mutating func incomplete() -> Bool {
        guard case .serving(_, let partialReads) = state else { return false }
        guard partialReads + 1 <= Self.maxPartialReads else {
            state = .handedOver
            return false
        }
        state = .serving(held: nil, partialReads: partialReads + 1)
        return true
    }

    /// The rest of the input after the requests answered: kept for the next read while serving,
    /// or returned to be passed to the general path.
    mutating func rest(_ input: ByteBuffer) -> ByteBuffer? {
        guard input.readableBytes > 0 else { return nil }
        guard case .serving(_, let partialReads) = state else { return input }
        state = .serving(held: input, partialReads: partialReads)
        return nil
    }

    /// A request this path does not serve, or a client that stopped reading: the general path
    /// has the connection from now on.
    mutating func handOver() {
        state = .handedOver
    }

    // MARK: Connection events

    enum StopAction {
        /// Between requests: stop reading and close once the answers already written are out
        /// (NIO's pipelining handler would close at once, failing an answer queued for a slow reader).
        case closeAfterQueuedWrites
        /// A request is under way: the general path must know of it, or it would close the
        /// connection as idle. Pass these held bytes on (if any), then the event.
        case handOver(ByteBuffer?)
    }

    /// A graceful stop of the server.
    mutating func quiesce() -> StopAction {
        switch state {
        case .serving(let held, _) where (held?.readableBytes ?? 0) == 0:
            state = .stopping
            return .closeAfterQueuedWrites
        case .stopping:
            return .closeAfterQueuedWrites
        default:
            return .handOver(takeHeldAndHandOver())
        }
    }

    /// The client half-closed, or the channel went away: a request cut short is the general
    /// path's to report. Returns the held bytes to pass on, if any.
    mutating func inputEnded() -> ByteBuffer? {
        takeHeldAndHandOver()
    }

    private mutating func takeHeldAndHandOver() -> ByteBuffer? {
        guard case .serving(let held, _) = state else { return nil }
        state = .handedOver
        guard let held, held.readableBytes > 0 else { return nil }
        return held
    }
}
