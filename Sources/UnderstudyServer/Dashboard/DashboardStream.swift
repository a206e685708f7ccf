import NIOCore

/// The dashboard's live feed on one connection (or HTTP/2 stream): what to undo when it ends.
struct DashboardStream {
    /// The page's place in ``DashboardFeed``.
    var subscription: Int
    /// The server's handle on this stream, to end it when the server stops.
    var registration: Int?
    var heartbeat: RepeatedTask?
    var mustClose: Bool
    /// A batch was dropped while the socket was full: the page is told to load everything again.
    var missedBatch = false
}
