import Foundation
import NIOCore
import NIOHPACK
import NIOHTTP2

/// The only handler of a new HTTP/2 stream: its first HEADERS frame says which protocol the
/// stream speaks, and that protocol's handlers are installed behind it; then it hands the frame
/// on and leaves. Today every stream is an HTTP exchange (NIO's HTTP/2-to-HTTP/1 codec and a
/// ``StubConnectionHandler``), or a gRPC call (`content-type: application/grpc…`, a
/// ``GRPCStreamHandler``); a protocol of its own on HTTP/2 is one more ``StreamProtocol`` and
/// one more handler, chosen here once.
final class HTTP2StreamRouter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTP2Frame.FramePayload
    typealias InboundOut = HTTP2Frame.FramePayload

    /// What a stream speaks, from its request headers.
    enum StreamProtocol: Equatable {
        /// An HTTP request: stubs, the admin API, the dashboard, proxying.
        case http
        /// A gRPC call: WireMock's extension takes any content type that contains `application/grpc`.
        case grpc

        init(_ headers: HPACKHeaders) {
            // Read once per stream, without copying the header list or lower-casing it.
            let type = headers.first(name: "content-type")
            let isGRPC = type?.range(of: "application/grpc", options: .caseInsensitive) != nil
            self = isGRPC ? .grpc : .http
        }
    }

    private let environment: ConnectionEnvironment
    private let addresses: ConnectionAddresses
    private var decided = false

    init(environment: ConnectionEnvironment, addresses: ConnectionAddresses) {
        self.environment = environment
        self.addresses = addresses
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !decided else { return context.fireChannelRead(data) }
        // A client opens a stream with HEADERS (RFC 9113 §8.1); anything else first is the
        // codec's to refuse, so it is read as HTTP like every stream today.
        var chosen = StreamProtocol.http
        if case .headers(let headers) = unwrapInboundIn(data) { chosen = StreamProtocol(headers.headers) }
        decided = true
        do {
            try install(chosen, on: context.pipeline.syncOperations)
        } catch {
            context.fireErrorCaught(error)
            context.close(promise: nil)
            return
        }
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    private func install(_ chosen: StreamProtocol, on pipeline: ChannelPipeline.SynchronousOperations) throws {
        switch chosen {
        case .http:
            try pipeline.addHandler(HTTP2FramePayloadToHTTP1ServerCodec(normalizeHTTPHeaders: true))
            try pipeline.addHandler(
                StubConnectionHandler(environment: environment, isHTTP2Stream: true, addresses: addresses))
        case .grpc:
            try pipeline.addHandler(GRPCStreamHandler(environment: environment, addresses: addresses))
        }
    }
}
