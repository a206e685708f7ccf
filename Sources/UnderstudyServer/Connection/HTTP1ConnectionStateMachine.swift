import NIOCore
import NIOHTTP1

/// What one HTTP/1.1 connection of the general path is doing, as a value: events go in, and each
/// returns what the handler must do. It holds no channel, so every transition is tested without
/// one (`HTTP1ConnectionStateMachineTests`); ``StubConnectionHandler`` owns one and carries out
/// the actions.
///
/// ```
///            head                 end                  response ends (keep-alive)
///   idle ──────────▶ receiving ─────────▶ responding ───────────────────────────▶ idle
///    │  head, body streams upstream           │   response ends (close), fault, refusal,
///    └───────────────────────────────────────▶│   raw write, error, idle time-out
///                                             ▼
///                                          closing  (terminal: anything more is ignored)
/// ```
///
/// A half-close from the client while responding is remembered (``closeAfterResponse``), so the
/// answer goes out whole before the connection closes.
struct HTTP1ConnectionStateMachine {
    enum State {
        /// Between requests.
        case idle
        /// A request head arrived; its body is being gathered.
        case receiving(HTTPRequestHead, ByteBuffer, receivedAt: NIODeadline)
        /// The request is complete (or its body streams upstream); its response is being worked
        /// out, delayed or written.
        case responding
        /// The connection is finished: anything more the client sends is ignored.
        case closing
    }

    private(set) var state = State.idle
    /// The client half-closed while a response was in progress: close once it is written.
    private(set) var closeAfterResponse = false

    var isResponding: Bool {
        if case .responding = state { return true }
        return false
    }

    var isReceiving: Bool {
        if case .receiving = state { return true }
        return false
    }

    var isClosing: Bool {
        if case .closing = state { return true }
        return false
    }

    // MARK: Request parts

    /// What to do with a request part from NIO's decoder.
    enum PartAction {
        /// A new request's head: stream its body upstream, refuse it, or gather it
        /// (``gatherBody(of:receivedAt:allocator:)``).
        case receiveHead(HTTPRequestHead)
        /// The body went past the limit: answer 413 and give up on the connection.
        case refuseTooLarge
        /// The request is whole: decide and answer it.
        case dispatch(HTTPRequestHead, ByteBuffer, receivedAt: NIODeadline)
        /// A part of a body streaming upstream.
        case forwardToUpload(ByteBuffer)
        /// The end of a body streaming upstream.
        case endUpload
        /// A part of a request refused earlier, or anything after the connection was given up.
        case ignore
    }

    /// - Parameters:
    ///   - uploading: a request body is streaming to an upstream.
    mutating func receive(_ part: HTTPServerRequestPart, maxBodyBytes: Int, uploading: Bool) -> PartAction {
        switch (part, state) {
        case (.head(let head), .idle):
            return .receiveHead(head)
        case (.body(var chunk), .receiving(let head, var body, let receivedAt)):
            guard body.readableBytes + chunk.readableBytes <= maxBodyBytes else { return .refuseTooLarge }
            state = .responding  // drop the stored buffer's reference so the append does not copy
            body.writeBuffer(&chunk)
            state = .receiving(head, body, receivedAt: receivedAt)
            return .ignore
        case (.end, .receiving(let head, let body, let receivedAt)):
            state = .responding
            return .dispatch(head, body, receivedAt: receivedAt)
        case (.body(let chunk), _) where uploading:
            return .forwardToUpload(chunk)
        case (.end, _) where uploading:
            return .endUpload
        default:
            return .ignore
        }
    }

    /// The head is accepted and its body will be read whole.
    mutating func gatherBody(of head: HTTPRequestHead, receivedAt: NIODeadline, allocator: ByteBufferAllocator) {
        state = .receiving(head, allocator.buffer(capacity: 0), receivedAt: receivedAt)
    }

    /// The head selected a proxy stub and its body streams upstream as it arrives: the response
    /// is under way already.
    mutating func startStreamingUpload() {
        state = .responding
    }

    // MARK: Responses

    /// The response's end is about to be written. Call before the write: NIO's pipelining
    /// handler hands over the next request from inside it, and that request must find the
    /// connection idle. Returns true when the connection closes once the end is out.
    mutating func responseEnds(mustClose: Bool) -> Bool {
        let close = mustClose || closeAfterResponse
        state = close ? .closing : .idle
        return close
    }

    /// Nothing more is read: a refusal, a fault, a raw write, or a broken proxied body.
    mutating func giveUp() {
        state = .closing
    }

    // MARK: Connection events

    enum InputClosedAction {
        /// A response is in progress: it closes the connection once written.
        case closeAfterResponse
        /// Between requests: close once the answers already queued are out, so a client that
        /// half-closes straight after its last request still reads all of it.
        case closeAfterQueuedWrites
        /// Mid-request, or already closing: nothing more can be answered.
        case close
    }

    /// The client half-closed its side.
    mutating func inputClosed() -> InputClosedAction {
        switch state {
        case .responding:
            closeAfterResponse = true
            return .closeAfterResponse
        case .idle:
            return .closeAfterQueuedWrites
        case .receiving, .closing:
            return .close
        }
    }

    enum ErrorAction {
        /// A malformed request, answered already by NIO's error handler (or ours, for 431):
        /// send FIN once that answer is out.
        case closeOutput
        /// Anything else: close now.
        case close
    }

    mutating func errorCaught(isMalformedRequest: Bool) -> ErrorAction {
        state = .closing
        return isMalformedRequest ? .closeOutput : .close
    }

    /// The channel is gone.
    mutating func becameInactive() {
        state = .closing
    }

    enum IdleAction {
        /// Look again after this long.
        case checkAgain(in: TimeAmount)
        /// Nothing arrived or went out for the whole time-out: close.
        case close
    }

    /// The idle timer fired.
    /// - Parameters:
    ///   - idleFor: time since a request part last arrived or a response last went out.
    ///   - writable: the socket takes more bytes (a slow reader makes it false).
    ///   - uploadAwaitsClient: a body streams upstream and waits for the client to send more.
    mutating func idleTimerFired(idleFor: TimeAmount, timeout: TimeAmount, writable: Bool, uploadAwaitsClient: Bool)
        -> IdleAction
    {
        // A connection waiting on one of our own delays, gates or upstreams is not idle, nor one
        // whose answer still waits in the socket's buffer for a slow reader. A request body
        // streaming to an upstream is the client's to keep coming, unless we paused reading.
        let waitingOnUs = isResponding ? !uploadAwaitsClient : !writable
        if waitingOnUs { return .checkAgain(in: timeout) }
        guard idleFor >= timeout else { return .checkAgain(in: timeout - idleFor) }
        state = .closing
        return .close
    }
}
