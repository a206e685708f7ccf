import NIOCore

final class LengthHeaderReconciler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    init(maxHeaderBytes: Int) {}
}
