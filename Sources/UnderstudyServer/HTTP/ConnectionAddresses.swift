import NIOCore

/// A connection's two ends as the journal reports them. They never change while the connection
/// lives, and formatting an address costs more than matching a simple stub, so each connection
/// works them out once.
struct ConnectionAddresses {
    var clientIP: String
    var boundHost: String
    var boundPort: Int
    /// The subject of the client's certificate, on a mutual-TLS connection.
    var clientCertificateSubject: String?
    /// The connection is inside a forward proxy's `CONNECT` tunnel: the bound host and port are
    /// the tunnel's target, and its requests are proxy requests.
    var isTunnelled = false

    init(channel: any Channel, configuration: StubServerConfiguration, tls: (any TLSServerSetup)? = nil) {
        let local = channel.localAddress
        clientIP = channel.remoteAddress?.ipAddress ?? "127.0.0.1"
        boundHost = local?.ipAddress ?? configuration.host
        boundPort = local?.port ?? configuration.port
        clientCertificateSubject = tls?.clientCertificateSubject(of: channel)
    }

    init(channel: any Channel, environment: ConnectionEnvironment) {
        self.init(channel: channel, configuration: environment.configuration, tls: environment.tls)
        if let tunnel = environment.tunnel {
            boundHost = tunnel.host
            boundPort = tunnel.port
            isTunnelled = true
        }
    }
}
