/// Turns a Java date-time pattern string into tokens, refusing what Understudy cannot read
/// with a message that names the letter.
struct JavaPatternCompiler {
    private let characters: [Character]
    private let pattern: String
    private var index = 0

    init(pattern: String) {
        self.pattern = pattern
        self.characters = Array(pattern)
    }

    mutating func compile() throws(DateTimeMatchError) -> [JavaDateTimeToken] {
        let tokens = try section(nested: false)
        guard !tokens.isEmpty else { throw error("the pattern is empty") }
        return tokens
    }

    private mutating func section(nested: Bool) throws(DateTimeMatchError) -> [JavaDateTimeToken] {
        var tokens: [JavaDateTimeToken] = []
        while index < characters.count {
            let character = characters[index]
            if character == "[" {
                index += 1
                tokens.append(.optional(try section(nested: true)))
            } else if character == "]" {
                guard nested else { throw error("']' without a previous '['") }
                index += 1
                return Self.fixAdjacentWidths(tokens)
            } else if character == "'" {
                appendLiteral(try quoted(), to: &tokens)
            } else if character.isASCII, character.isLetter {
                var count = 0
                while index < characters.count, characters[index] == character {
                    count += 1
                    index += 1
                }
                tokens.append(try letterToken(character, count: count))
            } else if character == "{" || character == "}" || character == "#" {
                throw error("'\(character)' is reserved")
            } else {
                appendLiteral(String(character), to: &tokens)
                index += 1
            }
        }
        // Java closes an unterminated optional section at the end of the pattern.
        return Self.fixAdjacentWidths(tokens)
    }

    /// Reads `'...'`, where `''` stands for one quote, both inside and outside quotes.
    private mutating func quoted() throws(DateTimeMatchError) -> String {
        index += 1
        if index < characters.count, characters[index] == "'" {
            index += 1
            return "'"
        }
        var text = ""
        while index < characters.count {
            if characters[index] == "'" {
                if index + 1 < characters.count, characters[index + 1] == "'" {
                    text.append("'")
                    index += 2
                    continue
                }
                index += 1
                return text
            }
            text.append(characters[index])
            index += 1
        }
        throw error("a quote is not closed")
    }

    private func appendLiteral(_ text: String, to tokens: inout [JavaDateTimeToken]) {
        if case .literal(let previous)? = tokens.last {
            tokens[tokens.count - 1] = .literal(previous + Array(text.utf8))
        } else {
            tokens.append(.literal(Array(text.utf8)))
        }
    }

    private func letterToken(_ letter: Character, count: Int) throws(DateTimeMatchError) -> JavaDateTimeToken {
        switch letter {
        case "y", "u":
            if count == 2 { return .twoDigitYear }
            guard count <= 9 else { throw tooMany(letter, count) }
            return .number(.year, min: count == 1 ? 1 : count, max: 9)
        case "M", "L":
            switch count {
            case 1: return .number(.month, min: 1, max: 2)
            case 2: return .number(.month, min: 2, max: 2)
            case 3: return .monthName(full: false)
            case 4: return .monthName(full: true)
            default: throw tooMany(letter, count)
            }
        case "d": return try twoDigitField(.day, letter, count)
        case "H": return try twoDigitField(.hourOfDay, letter, count)
        case "k": return try twoDigitField(.clockHourOfDay, letter, count)
        case "K": return try twoDigitField(.hourOfAmPm, letter, count)
        case "h": return try twoDigitField(.clockHourOfAmPm, letter, count)
        case "m": return try twoDigitField(.minute, letter, count)
        case "s": return try twoDigitField(.second, letter, count)
        case "S":
            guard count <= 9 else { throw tooMany(letter, count) }
            return .fraction(digits: count)
        case "a":
            guard count == 1 else { throw tooMany(letter, count) }
            return .amPm
        case "E":
            guard count <= 4 else { throw tooMany(letter, count) }
            return .weekdayName(full: count == 4)
        case "X", "x":
            guard count <= 5 else { throw tooMany(letter, count) }
            return .offset(zeroAsZ: letter == "X")
        case "Z":
            switch count {
            case 1...3: return .offset(zeroAsZ: false)
            case 4: return .localizedOffset
            case 5: return .offset(zeroAsZ: true)
            default: throw tooMany(letter, count)
            }
        case "O":
            guard count == 1 || count == 4 else { throw error("'O' must appear once or four times") }
            return .localizedOffset
        case "z":
            guard count <= 4 else { throw tooMany(letter, count) }
            return .zone
        case "V":
            guard count == 2 else { throw error("'V' must appear exactly twice (VV)") }
            return .zone
        default:
            throw error("the pattern letter '\(letter)' is not supported")
        }
    }

    private func twoDigitField(_ field: JavaNumericField, _ letter: Character, _ count: Int) throws(DateTimeMatchError)
        -> JavaDateTimeToken
    {
        switch count {
        case 1: return .number(field, min: 1, max: 2)
        case 2: return .number(field, min: 2, max: 2)
        default: throw tooMany(letter, count)
        }
    }

    /// Java's adjacent value parsing: a variable-width number directly followed by another
    /// number (`yyyyMMdd`) takes only its minimum width, leaving the digits after it alone.
    private static func fixAdjacentWidths(_ tokens: [JavaDateTimeToken]) -> [JavaDateTimeToken] {
        var fixed = tokens
        for position in fixed.indices.dropLast() {
            if case .number(let field, let min, let max) = fixed[position], min < max, fixed[position + 1].isNumeric {
                fixed[position] = .number(field, min: min, max: min)
            }
        }
        return fixed
    }

    private func tooMany(_ letter: Character, _ count: Int) -> DateTimeMatchError {
        error("too many pattern letters: '\(String(repeating: letter, count: count))'")
    }

    private func error(_ reason: String) -> DateTimeMatchError {
        DateTimeMatchError("Invalid actualFormat '\(pattern)': \(reason)")
    }
}
