/// A second listener, beside the plain HTTP one, that serves the same engine over TLS.
public struct HTTPSListener: Sendable {
    /// The port to bind, on the configuration's host; 0 picks a free one (read it back from
    /// ``StubHTTPServer/httpsPort``).
    public var port: Int
    /// The TLS handler for each connection (`StubServerTLS` in `UnderstudyTLS`).
    public var tls: any TLSServerSetup

    /// An HTTPS listener on `port` (0 picks a free one) with this TLS set-up.
    public init(port: Int = 0, tls: any TLSServerSetup) {
        self.port = port
        self.tls = tls
    }
}
