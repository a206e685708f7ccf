extension StubHost {
    /// The clock this host's stub delays fall due on: nil (the default) for real time, or a
    /// ``ManualClock`` the test moves, for every transport. Gates (`.held()`) are unaffected: they
    /// open when the test releases them. Delays of server-sent events, timed chunks, WebSocket
    /// messages and proxied answers stay on real time.
    ///
    /// ```swift
    /// let clock = ManualClock()
    /// host.clock = clock
    /// host.stub(.get("/slow"), .ok().delay(.seconds(30)))
    /// async let reply = fetch(try host.url("/slow"), session: host.session)
    /// try await clock.waitUntilSleeping()
    /// clock.advance(by: .seconds(30))     // the answer goes out now, not in 30 s
    /// ```
    public var clock: ManualClock? {
        get { engine.clock }
        nonmutating set { engine.clock = newValue }
    }
}
