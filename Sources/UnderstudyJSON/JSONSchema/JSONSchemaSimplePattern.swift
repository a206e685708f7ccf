/// A `pattern` made only of single-character pieces (literals, escapes such as `\d`, `.`, simple
/// classes such as `[A-Z0-9_-]`), each optionally quantified, between an optional `^` and `$`,
/// matched byte by byte without NSRegularExpression, which costs microseconds a call.
///
/// It answers only where it provably agrees with ICU: the pattern must parse entirely in this
/// subset (anything else, such as groups, alternation or Unicode escapes, gets nil from `init`) and
/// the text must be printable ASCII (`matches` is nil otherwise, so `$` never meets a line
/// terminator and `\d`, `\w`, `\s` never meet Unicode digits, letters or spaces).
package struct JSONSchemaSimplePattern: Sendable {
    /// A set of the 128 ASCII characters.
    struct CharacterSet: Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : high & (1 << UInt64(byte - 64)) != 0
        }

        mutating func insert(_ range: ClosedRange<UInt8>) {
            for byte in range {
                if byte < 64 {
                    low |= 1 << UInt64(byte)
                } else {
                    high |= 1 << UInt64(byte - 64)
                }
            }
        }

        mutating func formUnion(_ other: CharacterSet) {
            low |= other.low
            high |= other.high
        }

        /// The complement within printable ASCII, the only text this type matches.
        var inverted: CharacterSet {
            var printable = CharacterSet()
            printable.insert(0x20...0x7E)
            return CharacterSet(low: ~low & printable.low, high: ~high & printable.high)
        }
    }

    /// One character of the pattern, once (`one`), at most once (`optional`) or any number of times.
    enum Repeat: Sendable { case one, optional, many }

    struct Element: Sendable {
        let set: CharacterSet
        let repeats: Repeat
    }

    let elements: [Element]
    let anchoredStart: Bool
    let anchoredEnd: Bool

    /// Quantifiers are expanded (`x{2,4}` is `xxx?x?`), and the states of a match kept in one
    /// 64-bit mask, so a pattern may have at most this many elements after expansion.
    static let maximumElements = 63

    /// The pattern, or nil when it uses anything outside the subset.
    package init?(_ source: String) {
        var parser = Parser(Array(source.utf8))
        guard let parsed = parser.parse() else { return nil }
        (elements, anchoredStart, anchoredEnd) = parsed
    }

    /// Whether the pattern occurs in `text`, or nil when `text` is not all printable ASCII.
    package func matches(_ text: String) -> Bool? {
        if let answer = text.utf8.withContiguousStorageIfAvailable({ matches($0) }) { return answer }
        return Array(text.utf8).withUnsafeBufferPointer { matches($0) }
    }

    private func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        for byte in bytes where byte < 0x20 || byte > 0x7E { return nil }
        let accept: UInt64 = 1 << UInt64(elements.count)
        // Bit i set: the pattern's first i elements match some text ending here.
        var states = closure(1)
        if states & accept != 0, !anchoredEnd { return true }
        for byte in bytes {
            var next: UInt64 = 0
            var remaining = states & (accept - 1)
            while remaining != 0 {
                let index = remaining.trailingZeroBitCount
                remaining &= remaining - 1
                let element = elements[index]
                guard element.set.contains(byte) else { continue }
                // Past this element; and for `.many`, still within it too.
                next |= 1 << UInt64(index + 1)
                if element.repeats == .many { next |= 1 << UInt64(index) }
            }
            // Unanchored, a match may also begin at every later character.
            states = closure(anchoredStart ? next : next | 1)
            if states & accept != 0, !anchoredEnd { return true }
            if states == 0 { return false }
        }
        return states & accept != 0
    }

    /// `states` with every element that may match nothing skipped over.
    private func closure(_ states: UInt64) -> UInt64 {
        var result = states
        for (index, element) in elements.enumerated() where element.repeats != .one {
            if result & (1 << UInt64(index)) != 0 { result |= 1 << UInt64(index + 1) }
        }
        return result
    }
}
