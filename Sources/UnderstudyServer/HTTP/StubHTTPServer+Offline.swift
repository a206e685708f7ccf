import NIOCore

extension StubHTTPServer {
    /// Plays a network that went away: every open connection (idle, or with a response in
    /// flight, delayed or held) is reset now, and on every new connection each request is read
    /// and then answered with a reset, so nothing reaches the journal. Connections are reset, not
    /// refused: the listening socket stays bound, so the port cannot be taken meanwhile. Reading
    /// the request first makes the client's error deterministic: URLSession on Linux reports
    /// `URLError(.networkConnectionLost)`, as for the `CONNECTION_RESET_BY_PEER` fault.
    public func goOffline() async {
        let open = connections.setOffline(true)
        for channel in open {
            try? await ConnectionReset.reset(channel).get()
        }
    }

    /// Serves again after ``goOffline()``.
    public func goOnline() {
        _ = connections.setOffline(false)
    }

    /// True between ``goOffline()`` and ``goOnline()``.
    public var isOffline: Bool { connections.isOffline }
}
