import NIOCore

/// Looks at the first bytes of a cleartext connection: a client that starts with the HTTP/2
/// connection preface (prior knowledge, RFC 9113 §3.3: `curl --http2-prior-knowledge`, gRPC)
/// is served HTTP/2 on the same port; anything else goes on to the HTTP/1.1 handlers unchanged.
/// It leaves the pipeline after the decision, so HTTP/1.1 requests pay for it once per connection.
final class HTTP2PrefaceSniffer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    static let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    private let environment: ConnectionEnvironment
    /// Bytes not yet passed on: the start of a preface that arrived in pieces, or everything
    /// read while the pipeline switches to HTTP/2.
    private var held: ByteBuffer?
    private var switching = false
    /// Decided: everything read from now on goes straight on (a read can arrive from inside
    /// our own hand-over, when a flush behind us fails and NIO reads what is left).
    private var passingOn = false

    init(environment: ConnectionEnvironment) {
        self.environment = environment
    }

    enum Verdict: Equatable {
        case http2, http1, undecided
    }

    /// Whether `bytes` (everything read so far) start with the preface, cannot, or might yet.
    static func verdict(_ bytes: ByteBufferView) -> Verdict {
        let compared = min(bytes.count, preface.count)
        guard bytes.prefix(compared).elementsEqual(preface.prefix(compared)) else { return .http1 }
        return compared == preface.count ? .http2 : .undecided
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !passingOn else { return context.fireChannelRead(data) }
        var bytes = unwrapInboundIn(data)
        if var earlier = held {
            earlier.writeBuffer(&bytes)
            bytes = earlier
        }
        held = bytes
        guard !switching else { return }
        switch Self.verdict(bytes.readableBytesView) {
        case .undecided:
            return
        case .http1:
            // The read's own channelReadComplete follows from the socket.
            pass(context: context, completingTheRead: false)
        case .http2:
            switching = true
            let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            HTTP2Switch.replaceHTTP1(on: context.channel, environment: environment).whenComplete { result in
                switch result {
                case .success:
                    handler.value.pass(context: bound.value, completingTheRead: true)
                case .failure(let error):
                    bound.value.fireErrorCaught(error)
                    bound.value.close(promise: nil)
                }
            }
        }
    }

    /// Hands everything held to the handlers behind, and leaves.
    private func pass(context: ChannelHandlerContext, completingTheRead: Bool) {
        passingOn = true
        let bytes = held
        held = nil
        if let bytes { context.fireChannelRead(wrapInboundOut(bytes)) }
        if completingTheRead { context.fireChannelReadComplete() }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Held bytes are not read yet, as far as the handlers behind can tell.
        if held == nil { context.fireChannelReadComplete() }
    }

    func channelInactive(context: ChannelHandlerContext) {
        // A client that sent part of a preface and left: the HTTP/1.1 handlers report it.
        if !switching, let held { context.fireChannelRead(wrapInboundOut(held)) }
        held = nil
        context.fireChannelInactive()
    }
}
