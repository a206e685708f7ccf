import NIOCore
import NIOHTTP2

/// Tells NIO's connection manager about each stream once: opened once, closed once, and never
/// closed unless it was opened. NIO's HTTP/2 handler can report a stream closed twice when the
/// connection drops with it open (a fault that closes the connection does that), and the
/// manager asserts on the second report. The manager needs to know which streams are open to
/// close the connection after GOAWAY once they have finished.
struct OpenStreamsDelegate: NIOHTTP2StreamDelegate {
    private let manager: NIOHTTP2ServerConnectionManagementHandler.HTTP2StreamDelegate
    private let open: NIOLoopBoundBox<Set<HTTP2StreamID>>

    init(forwardingTo manager: NIOHTTP2ServerConnectionManagementHandler.HTTP2StreamDelegate, eventLoop: any EventLoop)
    {
        self.manager = manager
        self.open = NIOLoopBoundBox([], eventLoop: eventLoop)
    }

    func streamCreated(_ id: HTTP2StreamID, channel: any Channel) {
        if open.value.insert(id).inserted { manager.streamCreated(id, channel: channel) }
    }

    func streamClosed(_ id: HTTP2StreamID, channel: any Channel) {
        if open.value.remove(id) != nil { manager.streamClosed(id, channel: channel) }
    }
}
