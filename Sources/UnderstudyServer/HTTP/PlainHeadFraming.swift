/// Works out the body framing of a request head in place, without copying it or allocating:
/// the server's hot path, since every keep-alive request goes through ``RequestFramingScanner``.
///
/// It answers only for the plain shapes almost every client sends: no `Transfer-Encoding`, no
/// `Upgrade`, not `CONNECT`, and at most one `Content-Length` made of digits. Anything else
/// returns nil and takes the scanner's full path, which has the final word on odd heads.
enum PlainHeadFraming {
    /// The body length the head declares (0 without `Content-Length`), or nil when the head is
    /// not plain.
    static func bodyLength(of head: UnsafeRawBufferPointer) -> Int? {
        if head.starts(with: "CONNECT ".utf8) { return nil }
        var length: Int?
        var lineStart = 0
        // Skip the request line, then look at each header line's name.
        guard var lineEnd = nextLineFeed(head, from: 0) else { return nil }
        while lineEnd + 1 < head.count {
            lineStart = lineEnd + 1
            guard let end = nextLineFeed(head, from: lineStart) else { return nil }
            lineEnd = end
            guard let colon = firstColon(head, from: lineStart, to: lineEnd) else { continue }
            let nameLength = colon - lineStart
            if nameLength == 7, startsWith(head, lineStart, "upgrade") { return nil }
            if nameLength == 17, startsWith(head, lineStart, "transfer-encoding") { return nil }
            if nameLength == 14, startsWith(head, lineStart, "content-length") {
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

    /// ASCII case-insensitive prefix test; `lowercase` must be lowercase ASCII.
    private static func startsWith(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ lowercase: StaticString) -> Bool {
        let count = lowercase.utf8CodeUnitCount
        guard start + count <= bytes.count else { return false }
        let expected = lowercase.utf8Start
        for offset in 0..<count {
            var byte = bytes[start + offset]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte |= 0x20 }
            if byte != expected[offset] { return false }
        }
        return true
    }

    /// The value between optional spaces or tabs (and a CR before the LF), when it is 1 to 18
    /// decimal digits.
    private static func digits(_ bytes: UnsafeRawBufferPointer, from start: Int, to lineEnd: Int) -> Int? {
        var first = start
        var end = lineEnd
        if end > first, bytes[end - 1] == 13 { end -= 1 }
        while first < end, bytes[first] == 32 || bytes[first] == 9 { first += 1 }
        while end > first, bytes[end - 1] == 32 || bytes[end - 1] == 9 { end -= 1 }
        guard end > first, end - first <= 18 else { return nil }
        var value = 0
        for index in first..<end {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
