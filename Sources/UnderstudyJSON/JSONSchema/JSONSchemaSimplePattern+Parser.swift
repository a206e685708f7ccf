/// Reads the subset ``JSONSchemaSimplePattern`` matches. It refuses (nil) anything it is not sure
/// ICU reads the same way: a refused pattern is simply left to NSRegularExpression.
extension JSONSchemaSimplePattern {
    struct Parser {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        /// Characters that stand for themselves outside a class, and inside one.
        static let plain = Set("-_,:;@#%&~'\"=!/<> `".utf8)
        static let plainInClass = Set("._%+,/@#!?*()|'\"<>=;~`".utf8)
        /// Characters that a backslash makes literal.
        static let escapable = Set("\\^$.|?*+()[]{}-/".utf8)
        /// Quantifiers are bounded so a pattern always fits in ``maximumElements``.
        static let maximumCount = 64

        var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func parse() -> (elements: [Element], anchoredStart: Bool, anchoredEnd: Bool)? {
            var elements: [Element] = []
            let anchoredStart = current == UInt8(ascii: "^")
            if anchoredStart { position += 1 }
            var anchoredEnd = false
            while let byte = current {
                if byte == UInt8(ascii: "$") {
                    guard position == bytes.count - 1 else { return nil }
                    anchoredEnd = true
                    break
                }
                guard let set = atom(), let (minimum, maximum) = quantifier() else { return nil }
                for _ in 0..<minimum { elements.append(Element(set: set, repeats: .one)) }
                if let maximum {
                    for _ in minimum..<maximum { elements.append(Element(set: set, repeats: .optional)) }
                } else {
                    elements.append(Element(set: set, repeats: .many))
                }
                guard elements.count <= JSONSchemaSimplePattern.maximumElements else { return nil }
            }
            return (elements, anchoredStart, anchoredEnd)
        }

        private mutating func atom() -> CharacterSet? {
            guard let byte = current else { return nil }
            position += 1
            var set = CharacterSet()
            switch byte {
            case UInt8(ascii: "."): set.insert(0x20...0x7E)
            case UInt8(ascii: "\\"): return escape()
            case UInt8(ascii: "["): return characterClass()
            default:
                guard Self.isAlphanumeric(byte) || Self.plain.contains(byte) else { return nil }
                set.insert(byte...byte)
            }
            return set
        }

        /// `?`, `*`, `+`, `{n}`, `{n,}` or `{n,m}` (nil maximum: unbounded); `(1, 1)` when there is none.
        private mutating func quantifier() -> (Int, Int?)? {
            let result: (Int, Int?)
            switch current {
            case UInt8(ascii: "?"): result = (0, 1)
            case UInt8(ascii: "*"): result = (0, nil)
            case UInt8(ascii: "+"): result = (1, nil)
            case UInt8(ascii: "{"):
                position += 1
                guard let minimum = number() else { return nil }
                var maximum: Int? = minimum
                if current == UInt8(ascii: ",") {
                    position += 1
                    if current == UInt8(ascii: "}") {
                        maximum = nil
                    } else {
                        guard let bound = number(), bound >= minimum else { return nil }
                        maximum = bound
                    }
                }
                guard current == UInt8(ascii: "}") else { return nil }
                result = (minimum, maximum)
            default:
                return (1, 1)
            }
            position += 1
            // Lazy and possessive forms are left to ICU.
            if current == UInt8(ascii: "?") || current == UInt8(ascii: "+") { return nil }
            return result
        }

        private mutating func number() -> Int? {
            let start = position
            var value = 0
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                position += 1
                guard value <= Self.maximumCount else { return nil }
            }
            return position > start ? value : nil
        }

        /// After a backslash: `\d \w \s` and their complements, or an escaped metacharacter.
        private mutating func escape() -> CharacterSet? {
            guard let byte = current else { return nil }
            position += 1
            var set = CharacterSet()
            switch byte {
            case UInt8(ascii: "d"), UInt8(ascii: "D"): set.insert(0x30...0x39)
            case UInt8(ascii: "w"), UInt8(ascii: "W"):
                set.insert(0x30...0x39)
                set.insert(0x41...0x5A)
                set.insert(0x61...0x7A)
                set.insert(0x5F...0x5F)
            case UInt8(ascii: "s"), UInt8(ascii: "S"): set.insert(0x20...0x20)
            default:
                guard Self.escapable.contains(byte) else { return nil }
                set.insert(byte...byte)
                return set
            }
            return byte < UInt8(ascii: "a") ? set.inverted : set
        }

        /// `[...]` after its `[`: literals, ranges of literals, class escapes; `^` first negates;
        /// `-` is literal only first or last.
        private mutating func characterClass() -> CharacterSet? {
            let negated = current == UInt8(ascii: "^")
            if negated { position += 1 }
            var set = CharacterSet()
            let first = position
            while let byte = current, byte != UInt8(ascii: "]") {
                if byte == UInt8(ascii: "-") {
                    let last = bytes.indices.contains(position + 1) && bytes[position + 1] == UInt8(ascii: "]")
                    guard position == first || last else { return nil }
                    position += 1
                    set.insert(byte...byte)
                    continue
                }
                guard let (low, escaped) = classMember() else { return nil }
                guard let low else {
                    set.formUnion(escaped)
                    continue
                }
                var high = low
                if current == UInt8(ascii: "-"), bytes.indices.contains(position + 1),
                    bytes[position + 1] != UInt8(ascii: "]")
                {
                    position += 1
                    guard let (end, _) = classMember(), let end, end >= low else { return nil }
                    high = end
                }
                set.insert(low...high)
            }
            guard current == UInt8(ascii: "]"), position > first else { return nil }
            position += 1
            return negated ? set.inverted : set
        }

        /// One member of a class: a literal byte, or (nil byte) the set of a class escape.
        private mutating func classMember() -> (UInt8?, CharacterSet)? {
            guard let byte = current else { return nil }
            position += 1
            if byte == UInt8(ascii: "\\") {
                guard let next = current, let set = escape() else { return nil }
                return Self.escapable.contains(next) ? (next, set) : (nil, set)
            }
            guard Self.isAlphanumeric(byte) || Self.plainInClass.contains(byte) else { return nil }
            return (byte, CharacterSet())
        }

        static func isAlphanumeric(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
    }
}
