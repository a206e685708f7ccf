import Foundation

/// What an expected text or attribute value demands of the actual value, after XMLUnit
/// placeholders such as `${xmlunit.ignore}` have been recognised.
enum XMLValueExpectation: Sendable, Equatable {
    /// Equal to this text (text nodes are compared trimmed, attribute values as they are).
    case literal(String)
    /// `xmlunit.ignore`: anything, including a missing value.
    case ignore
    /// `xmlunit.isNumber`: a decimal number.
    case isNumber
    /// `xmlunit.matchesRegex(re)`: the whole trimmed value matches.
    case matchesRegex(XMLRegex)
    /// `xmlunit.isDateTime` or `xmlunit.isDateTime(format)`.
    case isDateTime(format: String?)
    /// A known placeholder sharing its text with other characters. XMLUnit fails the comparison
    /// ("The placeholder must exclusively occupy the text node"), so it never matches.
    case neverMatches

    /// Whether `actual` (nil when the text node or attribute is missing) satisfies the expectation.
    func accepts(_ actual: String?, trimmed: Bool) -> Bool {
        switch self {
        case .literal(let expected):
            guard let actual else { return false }
            return trimmed ? expected == actual.trimmingXMLWhitespace() : expected == actual
        case .ignore:
            return true
        case .isNumber:
            return actual.map { XMLPlaceholderValues.isDecimalNumber($0.trimmingXMLWhitespace()) } ?? false
        case .matchesRegex(let regex):
            return actual.map { regex.matchesWhole($0.trimmingXMLWhitespace()) } ?? false
        case .isDateTime(let format):
            return actual.map { XMLPlaceholderValues.isDateTime($0.trimmingXMLWhitespace(), format: format) } ?? false
        case .neverMatches:
            return false
        }
    }
}

/// A compiled regular expression that can live in `Sendable` values.
struct XMLRegex: Sendable, Equatable {
    let expression: NSRegularExpression

    init(_ pattern: String) throws(XMLMatchError) {
        do {
            expression = try NSRegularExpression(pattern: Self.escapingStrayClosingBraces(pattern))
        } catch {
            throw XMLMatchError("Invalid regular expression '\(pattern)': \(error.localizedDescription)")
        }
    }

    /// Java reads a `}` that closes no `{` as a literal; ICU rejects it. WireMock's documented
    /// closing delimiter is exactly such a `}`, so escape strays before compiling.
    static func escapingStrayClosingBraces(_ pattern: String) -> String {
        var result = ""
        var escaped = false
        var inClass = false
        var openBraces = 0
        for character in pattern {
            defer { escaped = !escaped && character == "\\" }
            if escaped {
                result.append(character)
                continue
            }
            switch character {
            case "[" where !inClass: inClass = true
            case "]" where inClass: inClass = false
            case "{" where !inClass: openBraces += 1
            case "}" where !inClass:
                if openBraces == 0 {
                    result += "\\}"
                    continue
                }
                openBraces -= 1
            default: break
            }
            result.append(character)
        }
        return result
    }

    func matchesWhole(_ text: String) -> Bool {
        let range = NSRange(text.startIndex..., in: text)
        guard let match = expression.firstMatch(in: text, options: [.anchored], range: range) else { return false }
        return match.range == range
    }

    func firstMatch(in text: String) -> NSTextCheckingResult? {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
    }

    static func == (lhs: XMLRegex, rhs: XMLRegex) -> Bool {
        lhs.expression.pattern == rhs.expression.pattern
    }
}

/// Recognises `${xmlunit.keyword}` and `${xmlunit.keyword(argument)}` tokens in expected values.
struct XMLPlaceholderReader: Sendable, Equatable {
    private let token: XMLRegex

    /// Delimiters are regular expressions; nil or blank means the defaults `\$\{` and `\}`.
    init(openingDelimiterRegex: String?, closingDelimiterRegex: String?) throws(XMLMatchError) {
        let opening = Self.orDefault(openingDelimiterRegex, #"\$\{"#)
        let closing = Self.orDefault(closingDelimiterRegex, #"\}"#)
        // Validate each delimiter alone so the error names the culprit.
        _ = try XMLRegex(opening)
        _ = try XMLRegex(closing)
        token = try XMLRegex(#"\s*(?:"# + opening + #")\s*xmlunit\.(?<content>.+)\s*(?:"# + closing + #")\s*"#)
    }

    private static func orDefault(_ value: String?, _ fallback: String) -> String {
        guard let value, !value.trimmingCharacters(in: .whitespaces).isEmpty else { return fallback }
        return value
    }

    /// The expectation a value from the expected document stands for.
    func expectation(for value: String, trimmed: Bool) throws(XMLMatchError) -> XMLValueExpectation {
        let literal = XMLValueExpectation.literal(trimmed ? value.trimmingXMLWhitespace() : value)
        guard let match = token.firstMatch(in: value),
            let whole = Range(match.range, in: value),
            let inner = Range(match.range(withName: "content"), in: value)
        else { return literal }
        let content = value[inner].trimmingXMLWhitespace()
        let keyword: String
        var argument: String?
        if let open = content.firstIndex(of: "("), content.hasSuffix(")") {
            keyword = content[..<open].trimmingXMLWhitespace()
            argument = String(content[content.index(after: open)..<content.index(before: content.endIndex)])
        } else {
            keyword = content
        }
        let expectation: XMLValueExpectation
        switch keyword {
        case "ignore": expectation = .ignore
        case "isNumber": expectation = .isNumber
        case "matchesRegex": expectation = .matchesRegex(try XMLRegex(argument?.trimmingXMLWhitespace() ?? ""))
        case "isDateTime": expectation = .isDateTime(format: argument?.trimmingXMLWhitespace())
        default: return literal  // Unknown keywords are plain text, as in XMLUnit.
        }
        let exclusive = value[whole].trimmingXMLWhitespace() == value.trimmingXMLWhitespace()
        return exclusive ? expectation : .neverMatches
    }
}

/// The value checks behind `isNumber` and `isDateTime`.
enum XMLPlaceholderValues {
    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`
    static func isDecimalNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            bytes = bytes.dropFirst()
        }
        var mantissa = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                bytes = bytes.dropFirst()
            }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    private static let isoDateTime = try? NSRegularExpression(
        pattern: #"^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$"#)

    /// With a format: parses with that `SimpleDateFormat`-style pattern. Without: an ISO-8601 date or date-time.
    static func isDateTime(_ text: String, format: String?) -> Bool {
        if let format, !format.isEmpty {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.isLenient = false
            formatter.dateFormat = format
            return formatter.date(from: text) != nil
        }
        guard let isoDateTime else { return false }
        return isoDateTime.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

extension StringProtocol {
    /// Trims the four XML whitespace characters, as XMLUnit's `ignoreWhitespace` does.
    func trimmingXMLWhitespace() -> String {
        let isXMLSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isXMLSpace($0) }),
            let last = lastIndex(where: { !isXMLSpace($0) })
        else { return "" }
        return String(self[first...last])
    }
}
