import NIOCore
import Synchronization

/// One event-stream connection: sends `GET path`, then notes when each event and heartbeat
/// arrives, reading the raw bytes line by line.
final class StreamClient: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let path: String
    let tally: StreamTally
    private var pending: [UInt8] = []
    private var dataArrivals: [UInt64] = []

    init(path: String, tally: StreamTally) {
        self.path = path
        self.tally = tally
    }

    func channelActive(context: ChannelHandlerContext) {
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: request)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let now = NIODeadline.now().uptimeNanoseconds
        pending.append(contentsOf: unwrapInboundIn(data).readableBytesView)
        // Line by line: a `data:` line is an event (the benchmark's have one line each), and a
        // `: heartbeat` comment a heartbeat; the head and the chunk sizes are neither.
        var start = pending.startIndex
        while let newline = pending[start...].firstIndex(of: 10) {
            let line = pending[start..<newline]
            if line.starts(with: Self.data) {
                if dataArrivals.isEmpty { tally.opened() }
                dataArrivals.append(now)
            } else if line.starts(with: Self.heartbeat) {
                tally.heartbeat()
            }
            start = newline + 1
        }
        pending.removeSubrange(pending.startIndex..<start)
        if tally.expectedEvents > 0, dataArrivals.count == tally.expectedEvents {
            tally.finished(dataArrivals)
            context.close(promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        tally.failed()
        context.close(promise: nil)
    }

    private static let data = Array("data:".utf8)
    private static let heartbeat = Array(": heartbeat".utf8)
}

/// What every stream of a run saw, shared by the connections' event loops.
final class StreamTally: Sendable {
    /// Data events after which a stream is done and closed (0: never).
    let expectedEvents: Int
    private let state = Mutex(State())

    struct State {
        var opened = 0
        var heartbeats = 0
        var failures = 0
        var arrivals: [[UInt64]] = []
    }

    init(expectedEvents: Int) { self.expectedEvents = expectedEvents }

    func opened() { state.withLock { $0.opened += 1 } }
    func heartbeat() { state.withLock { $0.heartbeats += 1 } }
    func failed() { state.withLock { $0.failures += 1 } }
    func finished(_ arrivals: [UInt64]) { state.withLock { $0.arrivals.append(arrivals) } }

    var snapshot: State { state.withLock { $0 } }
}
