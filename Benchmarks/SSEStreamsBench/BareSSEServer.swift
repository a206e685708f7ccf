import NIOCore
import NIOHTTP1
import NIOPosix

/// The baseline: the simplest SwiftNIO server that does what the benchmark's stubs do. `/stream`
/// sends one event, then a heartbeat comment every `heartbeat`, and stays open; `/ticks` sends
/// `ticks` events, each `tickInterval` after the one before; anything else gets a fixed answer.
enum BareSSEServer {
    static func start(port: Int, heartbeat: TimeAmount, ticks: Int, tickInterval: TimeAmount) async throws
        -> any Channel
    {
        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(ChannelOptions.backlog, value: 4096)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(
                        StreamHandler(heartbeat: heartbeat, ticks: ticks, tickInterval: tickInterval))
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
    }

    final class StreamHandler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        let heartbeat: TimeAmount
        let ticks: Int
        let tickInterval: TimeAmount
        private var path = ""
        private var timer: Scheduled<Void>?

        init(heartbeat: TimeAmount, ticks: Int, tickInterval: TimeAmount) {
            self.heartbeat = heartbeat
            self.ticks = ticks
            self.tickInterval = tickInterval
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): path = head.uri
            case .body: break
            case .end: answer(context: context)
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            timer?.cancel()
            context.fireChannelInactive()
        }

        private func answer(context: ChannelHandlerContext) {
            guard path == "/stream" || path == "/ticks" else {
                var headers = HTTPHeaders([("Content-Length", "13"), ("Content-Type", "text/plain")])
                headers.add(name: "Connection", value: "keep-alive")
                context.write(
                    wrapOutboundOut(.head(.init(version: .http1_1, status: .ok, headers: headers))), promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: "Hello, world!")))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
                return
            }
            let headers = HTTPHeaders([("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")])
            context.write(wrapOutboundOut(.head(.init(version: .http1_1, status: .ok, headers: headers))), promise: nil)
            if path == "/stream" {
                send("data: hello\n\n", context: context)
                scheduleHeartbeat(context: context)
            } else {
                scheduleTick(1, context: context)
            }
        }

        private func send(_ text: String, context: ChannelHandlerContext) {
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: text)))), promise: nil)
        }

        private func scheduleHeartbeat(context: ChannelHandlerContext) {
            let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            timer = context.eventLoop.scheduleTask(in: heartbeat) {
                let (handler, context) = loopBound.value
                handler.send(": heartbeat\n\n", context: context)
                handler.scheduleHeartbeat(context: context)
            }
        }

        private func scheduleTick(_ number: Int, context: ChannelHandlerContext) {
            let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            timer = context.eventLoop.scheduleTask(in: tickInterval) {
                let (handler, context) = loopBound.value
                handler.send("data: tick \(number)\n\n", context: context)
                if number < handler.ticks {
                    handler.scheduleTick(number + 1, context: context)
                } else {
                    context.writeAndFlush(handler.wrapOutboundOut(.end(nil)), promise: nil)
                }
            }
        }
    }
}
