/// A string that matches a schema's `pattern`, for generated answers.
///
/// Reads the part of ECMA-262 regular expressions that API descriptions use: literals and
/// escapes, `.`, `\d \w \s` (and their negations), classes with ranges and negation, groups
/// (capturing, `(?:`, named) with alternation, anchors, and the quantifiers `? * + {n} {n,}
/// {n,m}` (lazy or not). Each piece takes its first choice and the least repetition its
/// quantifier allows, or a random choice when `random` is given. Anything else (look-arounds,
/// back-references) gives nil; callers check the result against the schema anyway.
struct PatternString {
    private indirect enum Node {
        case literal(Character)
        case set([ClosedRange<Character>], negated: Bool)
        case group([[Node]])
        case repeated(Node, min: Int, max: Int)
    }

    private var characters: [Character]
    private var index = 0

    /// A string `pattern` matches (searching, as JSON Schema does), or nil when it cannot tell.
    static func make(_ pattern: String, random: Bool = false) -> String? {
        var parser = PatternString(characters: Array(pattern))
        guard let alternatives = parser.alternatives(), parser.index == parser.characters.count else { return nil }
        var generator = SystemRandomNumberGenerator()
        var output = ""
        guard Self.emit(.group(alternatives), random: random, into: &output, using: &generator, depth: 0) else {
            return nil
        }
        return output
    }

    private init(characters: [Character]) {
        self.characters = characters
    }

    private var current: Character? { index < characters.count ? characters[index] : nil }

    private mutating func alternatives() -> [[Node]]? {
        var result: [[Node]] = [[]]
        while let character = current, character != ")" {
            if character == "|" {
                index += 1
                result.append([])
                continue
            }
            guard let atom = atom() else { return nil }
            guard let node = quantified(atom) else { return nil }
            result[result.count - 1].append(node)
        }
        return result
    }

    private mutating func atom() -> Node? {
        guard let character = current else { return nil }
        index += 1
        switch character {
        case "^", "$": return .group([[]])
        case ".": return .set([" "..."~"], negated: false)
        case "(":
            if current == "?" {
                index += 1
                if current == ":" {
                    index += 1
                } else if current == "<", index + 1 < characters.count, characters[index + 1] != "=",
                    characters[index + 1] != "!"
                {
                    while let c = current, c != ">" { index += 1 }
                    index += 1
                } else {
                    return nil  // look-arounds and flags
                }
            }
            guard let inner = alternatives(), current == ")" else { return nil }
            index += 1
            return .group(inner)
        case "[": return characterClass()
        case "\\": return escape(inClass: false)
        case "*", "+", "?", "{", ")", "|": return nil
        default: return .literal(character)
        }
    }

    private mutating func escape(inClass: Bool) -> Node? {
        guard let character = current else { return nil }
        index += 1
        let digits: [ClosedRange<Character>] = ["0"..."9"]
        let word: [ClosedRange<Character>] = ["a"..."z", "A"..."Z", "0"..."9", "_"..."_"]
        let space: [ClosedRange<Character>] = [" "..." ", "\t"..."\t", "\n"..."\n"]
        switch character {
        case "d": return .set(digits, negated: false)
        case "D": return .set(digits, negated: true)
        case "w": return .set(word, negated: false)
        case "W": return .set(word, negated: true)
        case "s": return .set(space, negated: false)
        case "S": return .set(space, negated: true)
        case "n": return .literal("\n")
        case "t": return .literal("\t")
        case "r": return .literal("\r")
        case "b", "B": return inClass ? .literal("\u{8}") : .group([[]])
        case "1"..."9": return nil  // back-references
        case "u":
            guard index + 4 <= characters.count, let code = UInt32(String(characters[index..<index + 4]), radix: 16),
                let scalar = Unicode.Scalar(code)
            else { return nil }
            index += 4
            return .literal(Character(scalar))
        case "x":
            guard index + 2 <= characters.count, let code = UInt32(String(characters[index..<index + 2]), radix: 16),
                let scalar = Unicode.Scalar(code)
            else { return nil }
            index += 2
            return .literal(Character(scalar))
        default: return .literal(character)
        }
    }

    private mutating func characterClass() -> Node? {
        var negated = false
        if current == "^" {
            negated = true
            index += 1
        }
        var ranges: [ClosedRange<Character>] = []
        var first = true
        while let character = current, character != "]" || first {
            first = false
            index += 1
            var lower: Character
            if character == "\\" {
                guard let escaped = escape(inClass: true) else { return nil }
                switch escaped {
                case .literal(let c): lower = c
                case .set(let set, negated: false):
                    ranges += set
                    continue
                default: return nil
                }
            } else {
                lower = character
            }
            if current == "-", index + 1 < characters.count, characters[index + 1] != "]" {
                index += 1
                guard var upper = current else { return nil }
                index += 1
                if upper == "\\" {
                    guard case .literal(let c)? = escape(inClass: true) else { return nil }
                    upper = c
                }
                guard lower <= upper else { return nil }
                ranges.append(lower...upper)
            } else {
                ranges.append(lower...lower)
            }
        }
        guard current == "]" else { return nil }
        index += 1
        return .set(ranges, negated: negated)
    }

    private mutating func quantified(_ node: Node) -> Node? {
        var minimum = 1
        var maximum = 1
        switch current {
        case "?": (minimum, maximum) = (0, 1)
        case "*": (minimum, maximum) = (0, Int.max)
        case "+": (minimum, maximum) = (1, Int.max)
        case "{":
            let start = index
            index += 1
            var text = ""
            while let c = current, c != "}" {
                text.append(c)
                index += 1
            }
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard current == "}", let low = Int(parts[0]) else {
                index = start  // a literal `{`, as ECMA-262 reads one that starts no quantifier
                return node
            }
            minimum = low
            maximum = parts.count == 1 ? low : (parts[1].isEmpty ? Int.max : Int(parts[1]) ?? low)
        default: return node
        }
        index += 1
        if current == "?" || current == "+" { index += 1 }
        return .repeated(node, min: minimum, max: maximum)
    }

    private static func emit(
        _ node: Node, random: Bool, into output: inout String, using generator: inout SystemRandomNumberGenerator,
        depth: Int
    ) -> Bool {
        guard depth < 64 else { return false }
        switch node {
        case .literal(let character):
            output.append(character)
        case .set(let ranges, let negated):
            guard let character = pick(ranges, negated: negated, random: random, using: &generator) else {
                return false
            }
            output.append(character)
        case .group(let alternatives):
            let branch =
                random ? alternatives.randomElement(using: &generator) ?? [] : alternatives.first ?? []
            for part in branch {
                guard emit(part, random: random, into: &output, using: &generator, depth: depth + 1) else {
                    return false
                }
            }
        case .repeated(let inner, let minimum, let maximum):
            let upper = min(maximum, minimum + 3)
            let count = random ? Int.random(in: minimum...max(minimum, upper), using: &generator) : minimum
            for _ in 0..<count {
                guard emit(inner, random: random, into: &output, using: &generator, depth: depth + 1) else {
                    return false
                }
            }
        }
        return true
    }

    /// A printable ASCII character in the ranges (or outside them when negated).
    private static func pick(
        _ ranges: [ClosedRange<Character>], negated: Bool, random: Bool,
        using generator: inout SystemRandomNumberGenerator
    ) -> Character? {
        let printable =
            (UInt8(ascii: "0")...UInt8(ascii: "~")).map { Character(Unicode.Scalar($0)) }
            + (UInt8(ascii: " ")..<UInt8(ascii: "0")).map { Character(Unicode.Scalar($0)) }
        if negated {
            let allowed = printable.filter { c in !ranges.contains { $0.contains(c) } }
            return random ? allowed.randomElement(using: &generator) : allowed.first
        }
        guard !ranges.isEmpty else { return nil }
        let range = random ? ranges.randomElement(using: &generator)! : ranges[0]
        if random {
            let inRange = printable.filter { range.contains($0) }
            if let choice = inRange.randomElement(using: &generator) { return choice }
        }
        return range.lowerBound
    }
}
