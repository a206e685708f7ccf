import NIOCore

extension StubHTTPServer {
    /// Plays a network that went away: every open connection (idle, or with a response in
    /// flight, delayed or held) is reset now, and every new connection is accepted and reset at
    /// once, before a byte is read, so nothing reaches the journal. The listening socket stays
    /// bound, so the port cannot be taken meanwhile; clients see a reset connection (URLSession
    /// on Linux: `URLError(.networkConnectionLost)`), not a refused one.
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
