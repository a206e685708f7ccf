import UnderstudyCore

/// Reads the plainest shape of HTTP/1.1 request straight from the bytes a connection received,
/// for ``PlainRequestFastPath``: a common method, an origin-form target, `HTTP/1.1`, CRLF line
/// ends, header values of visible ASCII, and either no body or a small `Content-Length` one.
///
/// It accepts a strict subset of what NIO's decoder (llhttp) accepts and reads it the same way.
/// Anything else, odd or malformed, is `.notPlain` and goes to NIO's decoder, which has the
/// final word (and the 400, 413 and 431 answers). So this parser never has to reject anything.
enum PlainRequestParser {
    struct Request {
        var method: String
        var target: String
        var headers: HeaderFields
        /// Where the body starts in the bytes parsed, and its length.
        var bodyStart: Int
        var bodyLength: Int
        /// Head plus body: where the next request starts.
        var length: Int { bodyStart + bodyLength }
    }

    enum Outcome {
        case request(Request)
        /// Plain so far, but cut short: wait for more bytes.
        case incomplete
        /// Not a shape this parser reads; NIO's decoder takes it from here.
        case notPlain
    }

    static func parse(_ bytes: UnsafeRawBufferPointer, maxHeadBytes: Int, maxBodyBytes: Int) -> Outcome {
        var cursor = Cursor(bytes: bytes)
        let outcome = cursor.request(maxHeadBytes: maxHeadBytes, maxBodyBytes: maxBodyBytes)
        if case .incomplete = outcome, bytes.count >= maxHeadBytes { return .notPlain }
        return outcome
    }

    /// The methods read here, as the same static strings NIO's `HTTPMethod.rawValue` gives.
    private static func method(_ bytes: UnsafeRawBufferPointer) -> String? {
        switch bytes.count {
        case 3:
            if bytes.elementsEqual("GET".utf8) { return "GET" }
            if bytes.elementsEqual("PUT".utf8) { return "PUT" }
        case 4:
            if bytes.elementsEqual("POST".utf8) { return "POST" }
        case 5:
            if bytes.elementsEqual("PATCH".utf8) { return "PATCH" }
        case 6:
            if bytes.elementsEqual("DELETE".utf8) { return "DELETE" }
        case 7:
            if bytes.elementsEqual("OPTIONS".utf8) { return "OPTIONS" }
        default:
            break
        }
        return nil
    }

    private struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        var atEnd: Bool { index >= bytes.count }

        mutating func request(maxHeadBytes: Int, maxBodyBytes: Int) -> Outcome {
            // Request line: METHOD SP /target SP HTTP/1.1 CRLF
            let methodStart = index
            while !atEnd, isUppercaseLetter(bytes[index]) { index += 1 }
            if atEnd { return index - methodStart <= 7 ? .incomplete : .notPlain }
            guard bytes[index] == UInt8(ascii: " "),
                let method = PlainRequestParser.method(UnsafeRawBufferPointer(rebasing: bytes[methodStart..<index]))
            else { return .notPlain }
            index += 1
            if atEnd { return .incomplete }
            guard bytes[index] == UInt8(ascii: "/") else { return .notPlain }
            let targetStart = index
            while !atEnd, HTTPBytes.isTarget(bytes[index]) { index += 1 }
            if atEnd { return .incomplete }
            guard bytes[index] == UInt8(ascii: " ") else { return .notPlain }
            let target = string(targetStart..<index)
            index += 1
            switch expect("HTTP/1.1\r\n") {
            case .matched: break
            case .cutShort: return .incomplete
            case .differs: return .notPlain
            }

            var headers = HeaderFields()
            var contentLength: Int?
            headerLines: while true {
                if atEnd { return .incomplete }
                if bytes[index] == UInt8(ascii: "\r") {
                    switch expect("\r\n") {
                    case .matched: break headerLines
                    case .cutShort: return .incomplete
                    case .differs: return .notPlain
                    }
                }
                // name ":" OWS value CRLF, with no space before the colon and none after the value.
                let nameStart = index
                while !atEnd, HTTPBytes.isToken(bytes[index]) { index += 1 }
                if atEnd { return .incomplete }
                guard bytes[index] == UInt8(ascii: ":"), index > nameStart else { return .notPlain }
                let nameRange = nameStart..<index
                index += 1
                while !atEnd, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
                let valueStart = index
                while !atEnd, isValueByte(bytes[index]) { index += 1 }
                if atEnd { return .incomplete }
                let valueRange = valueStart..<index
                if let last = valueRange.last, bytes[last] == UInt8(ascii: " ") || bytes[last] == UInt8(ascii: "\t") {
                    return .notPlain
                }
                switch expect("\r\n") {
                case .matched: break
                case .cutShort: return .incomplete
                case .differs: return .notPlain
                }
                switch special(nameRange) {
                case .none:
                    break
                case .framing:
                    return .notPlain
                case .connection:
                    guard equalsIgnoringCase(valueRange, "keep-alive") else { return .notPlain }
                case .contentLength:
                    guard contentLength == nil, let length = digits(valueRange), length <= maxBodyBytes else {
                        return .notPlain
                    }
                    contentLength = length
                }
                headers.add(string(nameRange), string(valueRange))
            }
            // NIO's header limits count at most the head's bytes, so a head within the limit passes them.
            guard index <= maxHeadBytes else { return .notPlain }
            let bodyLength = contentLength ?? 0
            guard bytes.count - index >= bodyLength else { return .incomplete }
            return .request(
                Request(method: method, target: target, headers: headers, bodyStart: index, bodyLength: bodyLength))
        }

        enum Expectation { case matched, cutShort, differs }

        /// Steps over `literal` when the bytes at the cursor are exactly it.
        mutating func expect(_ literal: StaticString) -> Expectation {
            let count = literal.utf8CodeUnitCount
            let available = min(count, bytes.count - index)
            for offset in 0..<available where bytes[index + offset] != literal.utf8Start[offset] { return .differs }
            guard available == count else { return .cutShort }
            index += count
            return .matched
        }

        enum Special { case none, framing, connection, contentLength }

        /// Headers that decide framing or the connection's fate; the decoder's path handles all but
        /// a plain `Content-Length` and `Connection: keep-alive`.
        func special(_ name: Range<Int>) -> Special {
            switch name.count {
            case 6 where equalsIgnoringCase(name, "expect"): return .framing
            case 7 where equalsIgnoringCase(name, "upgrade"): return .framing
            case 10 where equalsIgnoringCase(name, "connection"): return .connection
            case 14 where equalsIgnoringCase(name, "content-length"): return .contentLength
            // llhttp reads it as `Connection` (keep-alive or close).
            case 16 where equalsIgnoringCase(name, "proxy-connection"): return .connection
            case 17 where equalsIgnoringCase(name, "transfer-encoding"): return .framing
            default: return .none
            }
        }

        func equalsIgnoringCase(_ range: Range<Int>, _ text: String) -> Bool {
            HTTPBytes.equalsIgnoringCase(bytes, range, text)
        }

        /// 1 to 9 decimal digits and nothing else.
        func digits(_ range: Range<Int>) -> Int? {
            HTTPBytes.decimal(bytes, range, maxDigits: 9)
        }

        /// Every byte here is ASCII, checked as it was scanned.
        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
    }

    private static func isUppercaseLetter(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }

    /// Visible ASCII, space and tab.
    private static func isValueByte(_ byte: UInt8) -> Bool {
        (byte >= 0x20 && byte < 0x7F) || byte == UInt8(ascii: "\t")
    }
}
