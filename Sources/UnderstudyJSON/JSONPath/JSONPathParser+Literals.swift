import Foundation

/// Literal values in paths and filters: quoted strings, numbers, keywords, JSON and regexes.
extension JSONPathParser {
    /// `'…'` or `"…"` with backslash escapes (`\'`, `\"`, `\\`, `\n`, `\t`, `\uXXXX` …).
    mutating func readQuotedString() throws -> String {
        let open = index
        guard let quote = peek else { throw error("Expected a quoted string") }
        index += 1
        var result = ""
        while let c = peek {
            index += 1
            if c == quote { return result }
            guard c == "\\" else {
                result.append(c)
                continue
            }
            guard let escaped = peek else { break }
            index += 1
            switch escaped {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "b": result.append("\u{8}")
            case "f": result.append("\u{c}")
            case "u": result.append(try readUnicodeEscape())
            default: result.append(escaped)
            }
        }
        throw error("Unclosed string: missing \(quote) to close the string at position \(open)", at: open)
    }

    private mutating func readUnicodeEscape() throws -> Character {
        let start = index
        guard index + 4 <= end,
            let code = UInt32(String(characters[index..<index + 4]), radix: 16),
            let scalar = Unicode.Scalar(code)
        else { throw error("Invalid \\u escape: expected four hex digits", at: start) }
        index += 4
        return Character(scalar)
    }

    mutating func readKeyword(_ word: String, value: JSONValue) throws -> JSONValue {
        let start = index
        for expected in word {
            guard peek == expected else { throw error("Expected '\(word)'", at: start) }
            index += 1
        }
        if let c = peek, c.isLetter || c.isNumber || c == "_" {
            throw error("Expected '\(word)'", at: start)
        }
        return value
    }

    /// Jayway reads any run of digits, signs, points and exponents and hands it to Java's
    /// `BigDecimal`, so `+5`, `.5` and `5.` are numbers too.
    mutating func readNumberLiteral() throws -> JSONValue {
        let start = index
        while let c = peek, c.isASCII, c.isNumber || "+-.eE".contains(c) { index += 1 }
        let text = String(characters[start..<index])
        var normalised = text.hasPrefix("+") ? String(text.dropFirst()) : text
        if normalised.hasPrefix(".") { normalised = "0" + normalised }
        if normalised.hasPrefix("-.") { normalised = "-0" + normalised.dropFirst() }
        if normalised.hasSuffix(".") { normalised += "0" }
        guard let value = try? JSONParser.parse(normalised), case .number = value else {
            throw error("Invalid number '\(text)'", at: start)
        }
        return value
    }

    /// `/pattern/flags`; a slash inside the pattern is written `\/`.
    mutating func readRegexLiteral() throws -> JSONPathRegex {
        let open = index
        index += 1
        var pattern = ""
        var closed = false
        while let c = peek {
            index += 1
            if c == "/" {
                closed = true
                break
            }
            pattern.append(c)
            if c == "\\", let next = peek {
                pattern.append(next)
                index += 1
            }
        }
        guard closed else { throw error("Unclosed regular expression: missing '/'", at: open) }
        var flags = ""
        while let c = peek, c.isLetter {
            flags.append(c)
            index += 1
        }
        return try JSONPathRegex(pattern: pattern, flags: flags, position: open)
    }

    /// A JSON array or object, where strings may use single quotes as Jayway allows
    /// (`['a', 'b']`).
    mutating func readJSONLiteral() throws -> JSONValue {
        let start = index
        var depth = 0
        var json = ""
        var quote: Character?
        while let c = peek {
            index += 1
            if let open = quote {
                if c == "\\", let next = peek {
                    index += 1
                    // A single-quoted \' becomes a plain ' inside double quotes.
                    json += (open == "'" && next == "'") ? "'" : "\\" + String(next)
                } else if c == open {
                    quote = nil
                    json.append("\"")
                } else if c == "\"" {
                    json += "\\\""  // only reachable inside single quotes
                } else {
                    json.append(c)
                }
                continue
            }
            switch c {
            case "'", "\"":
                quote = c
                json.append("\"")
                continue
            case "[", "{": depth += 1
            case "]", "}": depth -= 1
            default: break
            }
            json.append(c)
            if depth == 0 { break }
        }
        guard depth == 0, quote == nil else { throw error("Unclosed JSON literal", at: start) }
        do {
            return try JSONParser.parse(json)
        } catch let syntax {
            throw error("Invalid JSON literal: \(syntax.message)", at: start)
        }
    }
}
