/// Works out the body framing of a request head in place, without copying it or allocating:
/// the server's hot path, since every keep-alive request goes through ``RequestFramingScanner``.
///
/// It answers only for the plain shapes almost every client sends: no `Transfer-Encoding`, no
/// `Upgrade`, a method NIO's decoder knows (not `CONNECT`), and at most one `Content-Length` made of digits. Anything else
/// returns nil and takes the scanner's full path, which has the final word on odd heads.
enum PlainHeadFraming {
    /// The body length the head declares (0 without `Content-Length`), or nil when the head is
    /// not plain.
    static func bodyLength(of head: UnsafeRawBufferPointer) -> Int? {
        // CONNECT, and any method the scanner must set aside, take its full path.
        let method = head.prefix { $0 != UInt8(ascii: " ") }
        guard HTTPBytes.decoderKnowsMethod(method) else { return nil }
        var length: Int?
        var lineStart = 0
        // Skip the request line, then look at each header line's name.
        guard var lineEnd = nextLineFeed(head, from: 0) else { return nil }
        while lineEnd + 1 < head.count {
            lineStart = lineEnd + 1
            guard let end = nextLineFeed(head, from: lineStart) else { return nil }
            lineEnd = end
            guard let colon = firstColon(head, from: lineStart, to: lineEnd) else { continue }
            let name = lineStart..<colon
            if HTTPBytes.equalsIgnoringCase(head, name, "upgrade") { return nil }
            if HTTPBytes.equalsIgnoringCase(head, name, "transfer-encoding") { return nil }
            if HTTPBytes.equalsIgnoringCase(head, name, "content-length") {
                guard length == nil, let value = digits(head, from: colon + 1, to: lineEnd) else { return nil }
                length = value
            }
        }
        return length ?? 0
    }

    private static func nextLineFeed(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { return index }
            index += 1
        }
        return nil
    }

    private static func firstColon(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int? {
        var index = start
        while index < end {
            if bytes[index] == UInt8(ascii: ":") { return index }
            index += 1
        }
        return nil
    }

    /// The value between optional spaces or tabs (and a CR before the LF), when it is 1 to 18
    /// decimal digits.
    private static func digits(_ bytes: UnsafeRawBufferPointer, from start: Int, to lineEnd: Int) -> Int? {
        HTTPBytes.decimal(bytes, HTTPBytes.trimmingValue(bytes, start..<lineEnd), maxDigits: 18)
    }
}
