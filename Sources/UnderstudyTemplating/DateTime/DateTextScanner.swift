/// A cursor over the ASCII bytes of a date-time string, with the few reads the date parsers need.
///
/// Every read either consumes what it recognised and returns it, or returns nil/false and leaves
/// the position alone, so a parser can try an alternative without copying.
struct DateTextScanner {
    let bytes: [UInt8]
    var position = 0

    init(_ text: String) { self.bytes = Array(text.utf8) }
    init(bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }
    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        position += 1
        return true
    }

    /// Consumes `ascii` ignoring ASCII letter case.
    mutating func consume(caseInsensitive ascii: String) -> Bool {
        var index = position
        for expected in ascii.utf8 {
            guard index < bytes.count, Self.lower(bytes[index]) == Self.lower(expected) else { return false }
            index += 1
        }
        position = index
        return true
    }

    /// Consumes the exact bytes given (used for pattern literals, which Java matches case-sensitively).
    mutating func consume(exactly literal: [UInt8]) -> Bool {
        guard bytes.count - position >= literal.count,
            bytes[position..<(position + literal.count)].elementsEqual(literal)
        else { return false }
        position += literal.count
        return true
    }

    /// Reads between `min` and `max` decimal digits (greedy) as a number. `max` is at most 18,
    /// so the value always fits an Int.
    mutating func digits(min: Int, max: Int) -> Int? {
        var index = position
        var value = 0
        while index < bytes.count, index - position < max, let digit = Self.digitValue(bytes[index]) {
            value = value * 10 + digit
            index += 1
        }
        guard index - position >= min else { return nil }
        position = index
        return value
    }

    /// Reads 1...9 fraction digits after the decimal point as nanoseconds.
    mutating func fractionNanos(min: Int, max: Int) -> Int? {
        let start = position
        guard let value = digits(min: min, max: max) else { return nil }
        var nanos = value
        for _ in (position - start)..<9 { nanos *= 10 }
        return nanos
    }

    /// Reads the first of `names` that matches case-insensitively and returns its index.
    /// Longer names should come first when one is a prefix of another.
    mutating func oneOf(_ names: [String]) -> Int? {
        for (index, name) in names.enumerated() where consume(caseInsensitive: name) {
            return index
        }
        return nil
    }

    /// Reads a run of characters that may form a zone name or id (letters, digits, `/_+-`).
    mutating func zoneWord() -> String? {
        let start = position
        while let byte = peek, Self.isZoneCharacter(byte) { position += 1 }
        guard position > start else { return nil }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    static func digitValue(_ byte: UInt8) -> Int? {
        (0x30...0x39).contains(byte) ? Int(byte - 0x30) : nil
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    private static func isZoneCharacter(_ byte: UInt8) -> Bool {
        let lowered = lower(byte)
        return (0x61...0x7A).contains(lowered) || digitValue(byte) != nil
            || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-")
    }
}

/// English month and weekday names, as Java's US locale prints them.
enum DateNames {
    static let fullMonths = [
        "January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December"
    ]
    static let shortMonths = fullMonths.map { String($0.prefix(3)) }
    static let fullWeekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let shortWeekdays = fullWeekdays.map { String($0.prefix(3)) }
}
