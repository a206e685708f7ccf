import NIOCore

/// Turns a connection that upgraded from HTTP/1.1 (`Upgrade: h2c`) into an HTTP/2 one: every
/// HTTP/1.1 handler leaves, the raw-bytes writer at the socket end stays, and the HTTP/2 handlers
/// go in behind it.
///
/// NIO's decoder leaves the pipeline a turn of the event loop later, and drops what reaches it
/// meanwhile, so ``StreamOneInjector`` holds the connection's bytes until the future succeeds.
enum HTTP2Switch {
    static func replaceHTTP1(on channel: any Channel, environment: ConnectionEnvironment) -> EventLoopFuture<Void> {
        HTTP1Pipeline.remove(from: channel).flatMapThrowing {
            try HTTP2Pipeline.configure(channel, environment: environment)
        }
    }
}
