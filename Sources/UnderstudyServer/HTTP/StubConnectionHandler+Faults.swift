import Foundation
import NIOCore
import NIOHTTP1
import UnderstudyCore

extension StubConnectionHandler {
    /// WireMock's garbage, byte for byte (`JettyFaultInjector`).
    static let garbage = "lskdu018973t09sylgasjkfg1][]'./.sdlv"

    /// Breaks the connection the way WireMock's Jetty fault injector does.
    func inject(_ fault: Fault, context: ChannelHandlerContext, completed: @escaping @Sendable () -> Void) {
        connection.giveUp()
        environment.logger.debug("Injecting fault", metadata: ["fault": "\(fault.rawValue)"])
        if isHTTP2Stream {
            injectOnStream(fault, context: context, completed: completed)
            return
        }
        switch fault {
        case .connectionResetByPeer:
            // SO_LINGER {on, 0} makes close() send RST instead of FIN: the client sees ECONNRESET.
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            guard let provider = context.channel as? SocketOptionProvider else {
                context.close(promise: nil)
                completed()
                return
            }
            let overTLS = environment.tls != nil
            provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in
                // Journalled before the reset: a client that has seen it can verify the fault.
                completed()
                // Past the TLS handler, whose orderly shutdown would turn the reset into a clean end.
                if overTLS {
                    _ = ConnectionReset.closeAtSocket(bound.value.channel)
                } else {
                    bound.value.close(promise: nil)
                }
            }
        case .emptyResponse:
            completed()
            context.close(promise: nil)
        case .malformedResponseChunk:
            // A chunked 200 head goes out properly; what follows is not chunk framing.
            let head = HTTPResponseHead(version: .http1_1, status: .ok, headers: ["Transfer-Encoding": "chunked"])
            context.writeAndFlush(wrapOutboundOut(.head(head)), promise: nil)
            writeRawThenClose(context.channel.allocator.buffer(string: Self.garbage), context: context) { _ in
                completed()
            }
        case .randomDataThenClose:
            writeRawThenClose(context.channel.allocator.buffer(string: Self.garbage), context: context) { _ in
                completed()
            }
        }
    }
}
