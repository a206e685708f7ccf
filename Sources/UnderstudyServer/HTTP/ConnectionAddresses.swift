import NIOCore

/// A connection's two ends as the journal reports them. They never change while the connection
/// lives, and formatting an address costs more than matching a simple stub, so each connection
/// works them out once.
struct ConnectionAddresses {
    var clientIP: String
    var boundHost: String
    var boundPort: Int

    init(channel: any Channel, configuration: StubServerConfiguration) {
        let local = channel.localAddress
        clientIP = channel.remoteAddress?.ipAddress ?? "127.0.0.1"
        boundHost = local?.ipAddress ?? configuration.host
        boundPort = local?.port ?? configuration.port
    }
}
