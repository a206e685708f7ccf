/// The byte toolbox of our HTTP/1.1 readers (``PlainRequestParser``, ``PlainHeadFraming``) and
/// writers: which bytes the syntax allows where, case folding and decimal numbers, written once
/// so the readers agree. The byte classes are looked up in tables built once: the fast path asks
/// about every byte of every request it reads.
enum HTTPBytes {
    /// RFC 9110 token characters: methods and header names.
    static func isToken(_ byte: UInt8) -> Bool { tokenTable[Int(byte)] }

    /// RFC 3986 unreserved and reserved characters and `%`, without `#`: what a request target
    /// is made of.
    static func isTarget(_ byte: UInt8) -> Bool { targetTable[Int(byte)] }

    private static let tokenTable = table(alphanumericsAnd: "!#$%&'*+-.^_`|~")
    private static let targetTable = table(alphanumericsAnd: "-._~:/?[]@!$&'()*+,;=%")

    private static func table(alphanumericsAnd others: String) -> [Bool] {
        (0..<256).map { value in
            let byte = UInt8(value)
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default:
                return others.utf8.contains(byte)
            }
        }
    }

    /// True for the methods NIO's decoder (llhttp) parses that clients send in practice; the
    /// framing scanner sets any other token aside (see ``SetAsideHead``).
    static func decoderKnowsMethod<Bytes: Collection<UInt8>>(_ method: Bytes) -> Bool {
        switch method.count {
        case 3: return method.elementsEqual("GET".utf8) || method.elementsEqual("PUT".utf8)
        case 4: return method.elementsEqual("POST".utf8) || method.elementsEqual("HEAD".utf8)
        case 5: return method.elementsEqual("PATCH".utf8) || method.elementsEqual("TRACE".utf8)
        case 6: return method.elementsEqual("DELETE".utf8)
        case 7: return method.elementsEqual("OPTIONS".utf8)
        default: return false
        }
    }

    /// The byte with ASCII letters lowercased.
    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// True when `bytes[range]` is `text`, ASCII case ignored.
    static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, _ text: String) -> Bool {
        guard range.count == text.utf8.count, range.upperBound <= bytes.count else { return false }
        var index = range.lowerBound
        for expected in text.utf8 {
            if lowercased(bytes[index]) != lowercased(expected) { return false }
            index += 1
        }
        return true
    }

    /// The value of `bytes[range]` when it is 1 to `maxDigits` decimal digits and nothing else.
    static func decimal(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, maxDigits: Int) -> Int? {
        guard !range.isEmpty, range.count <= maxDigits, range.upperBound <= bytes.count else { return nil }
        var value = 0
        for index in range {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// `range` without the optional whitespace (spaces and tabs) around a header value, and
    /// without a CR before its line feed.
    static func trimmingValue(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Range<Int> {
        var first = range.lowerBound
        var end = range.upperBound
        if end > first, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        while first < end, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") { first += 1 }
        while end > first, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return first..<end
    }
}
