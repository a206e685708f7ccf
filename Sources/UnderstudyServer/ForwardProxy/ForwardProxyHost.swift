/// A stub server that is also a forward proxy (`StubServer` started with a configuration whose
/// `forwardProxy` is set): what `UnderstudyTLS`'s client helpers extend (a client configuration
/// that goes through the proxy and trusts its CA), so they need nothing of the test API above.
public protocol ForwardProxyHost: Sendable {
    /// What the server was started with as a forward proxy, or nil when it is not one.
    var forwardProxy: ForwardProxyMode? { get }
    /// The port the proxy listens on, on 127.0.0.1.
    var port: Int { get }
}
