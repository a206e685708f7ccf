import NIOCore

/// The last text a channel sent with its bytes, reused while the text stays the same (a stub's
/// fixed reply). Touched on the channel's event loop only.
struct ReplyBytes {
    private var lastText: String?
    private var lastBytes: ByteBuffer?

    /// `text`'s UTF-8 bytes, shared with the last send when it sent the same text (the same
    /// string compares by its storage, without reading the bytes).
    mutating func bytes(of text: String, allocator: ByteBufferAllocator) -> ByteBuffer {
        if let lastBytes, lastText == text { return lastBytes }
        let bytes = allocator.buffer(string: text)
        lastText = text
        lastBytes = bytes
        return bytes
    }
}
