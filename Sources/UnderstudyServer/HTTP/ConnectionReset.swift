import Foundation
import NIOCore

/// Closes a connection with an RST rather than a FIN, as a network that went away would.
enum ConnectionReset {
    /// Asks ``SocketEndCloser`` (in front of an HTTPS connection's TLS handler) to close the socket
    /// without a TLS shutdown.
    struct CloseAtSocket: Sendable {}

    static func reset(_ channel: any Channel) -> EventLoopFuture<Void> {
        guard let provider = channel as? SocketOptionProvider else { return channel.close() }
        // SO_LINGER {on, 0}: close() sends RST, so the client sees ECONNRESET, not a clean end.
        return provider.setSoLinger(linger(l_onoff: 1, l_linger: 0))
            .flatMap { closeAtSocket(channel) }
            .recover { _ in }
    }

    /// Closes at the socket end: past the TLS handler when there is one, else as `close()` does
    /// (a plain connection has no ``SocketEndCloser``, so the event fails at the pipeline's head).
    static func closeAtSocket(_ channel: any Channel) -> EventLoopFuture<Void> {
        let promise = channel.eventLoop.makePromise(of: Void.self)
        channel.triggerUserOutboundEvent(CloseAtSocket(), promise: promise)
        return promise.futureResult.flatMapError { _ in channel.close() }
    }
}
