import NIOCore
import NIOHTTP1

/// Turns a connection that started as HTTP/1.1 into an HTTP/2 one: every HTTP/1.1 handler
/// leaves, the raw-bytes writer at the socket end stays, and the HTTP/2 handlers go in behind it.
///
/// NIO's decoder leaves the pipeline a turn of the event loop later, and drops what reaches it
/// meanwhile, so whoever starts the switch holds the connection's bytes until the returned
/// future succeeds (``HTTP2PrefaceSniffer``, ``StreamOneInjector``).
enum HTTP2Switch {
    static func replaceHTTP1(on channel: any Channel, environment: ConnectionEnvironment) -> EventLoopFuture<Void> {
        HTTP1Handlers.remove(from: channel).flatMapThrowing {
            try HTTP2Pipeline.configure(channel, environment: environment)
        }
    }
}
