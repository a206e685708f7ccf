import Foundation
import NIOCore

/// The rest of a large body waiting for the channel to take more (see ``StubConnectionHandler/writePaced``).
struct PacedBody {
    var rest: Data
    var mustClose: Bool
    var afterWrite: Bool
    var completed: @Sendable (Result<Void, Error>) -> Void
}

extension StubConnectionHandler {
    /// Bodies larger than this go out one slice of this size at a time.
    static let pacedSliceBytes = 64 * 1024

    /// Writes a large body a slice at a time, each once the channel can take it, then ends the
    /// response. Written whole, each response would hold its own copy of the body until the client
    /// read it: a client that opens 100 HTTP/2 streams for a 5 MB stub and never opens its flow-control
    /// window held 500 MB per connection. Paced, a response that waits holds one slice.
    func writePaced(_ body: PacedBody, context: ChannelHandlerContext) {
        var body = body
        while !body.rest.isEmpty {
            guard context.channel.isActive else {
                body.completed(.failure(ChannelError.ioOnClosedChannel))
                return
            }
            guard context.channel.isWritable else {
                // ``channelWritabilityChanged`` carries on.
                pacedBody = body
                if isHTTP2Stream { armStreamIdleTimerIfWaiting(context: context) }
                return
            }
            let slice = body.rest.prefix(Self.pacedSliceBytes)
            body.rest = body.rest.dropFirst(slice.count)
            context.writeAndFlush(
                wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: slice)))), promise: nil)
        }
        finishResponse(
            mustClose: body.mustClose, afterWrite: body.afterWrite, context: context, completed: body.completed)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable, let body = pacedBody {
            pacedBody = nil
            writePaced(body, context: context)
        }
        context.fireChannelWritabilityChanged()
    }
}
