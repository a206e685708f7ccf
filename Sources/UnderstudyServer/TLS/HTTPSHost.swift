/// Something that serves HTTPS with a ``TLSServerSetup``: a `StubServer` started with `tls:`.
/// What `UnderstudyTLS`'s trust helpers extend (the CA to give clients, clients that trust it),
/// so they need nothing of the test API above the server.
public protocol HTTPSHost: Sendable {
    /// What the HTTPS listener was started with, or nil when there is none.
    var tls: (any TLSServerSetup)? { get }
}
