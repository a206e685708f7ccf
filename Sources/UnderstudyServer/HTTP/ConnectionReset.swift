import Foundation
import NIOCore

/// Closes a connection with an RST rather than a FIN, as a network that went away would.
enum ConnectionReset {
    static func reset(_ channel: any Channel) -> EventLoopFuture<Void> {
        guard let provider = channel as? SocketOptionProvider else { return channel.close() }
        // SO_LINGER {on, 0}: close() sends RST, so the client sees ECONNRESET, not a clean end.
        return provider.setSoLinger(linger(l_onoff: 1, l_linger: 0))
            .flatMap { channel.close() }
            .recover { _ in }
    }
}
