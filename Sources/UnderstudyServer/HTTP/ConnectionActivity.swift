import NIOCore

/// When a connection last had traffic. ``PlainRequestFastPath`` and ``StubConnectionHandler``
/// share one, so the idle timer also sees the requests the fast path answered.
final class ConnectionActivity {
    var last = NIODeadline.now()
}
