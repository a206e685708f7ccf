import NIOCore

/// The last text a channel sent with its whole frame, reused while the text stays the same (a
/// stub's fixed reply). Touched on the channel's event loop only.
struct ReplyBytes {
    private var lastText: String?
    private var lastFrame: ByteBuffer?

    /// The text frame carrying `text` (``ServerFrameBytes``), shared with the last send when it
    /// sent the same text (the same string compares by its storage, without reading the bytes).
    mutating func frame(of text: String, allocator: ByteBufferAllocator) -> ByteBuffer {
        if let lastFrame, lastText == text { return lastFrame }
        let frame = ServerFrameBytes.text(text, allocator: allocator)
        lastText = text
        lastFrame = frame
        return frame
    }
}
