import Foundation

/// A regular expression as WireMock uses it: the whole value must match (Java's `Matcher.matches()`).
/// Compiled once when the stub is decoded. ICU's syntax (NSRegularExpression) is close to Java's.
public struct RegexPattern: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written.
    public let source: String
    private let compiled: NSRegularExpression
    /// ASCII text every matching value starts with, checked before running the regex: most URL
    /// patterns start with a literal path (`/things/[0-9]+`), and most values fail right there.
    private let requiredPrefix: [UInt8]

    /// Throws `MappingError`-ready text (the ICU reason) when the pattern does not compile.
    public init(_ source: String) throws(RegexSyntaxError) {
        self.source = source
        do {
            // `\A(?:…)\z` turns a search into a whole-string match without changing the pattern's meaning.
            compiled = try NSRegularExpression(pattern: "\\A(?:" + source + ")\\z", options: [])
            // A pattern like `a)(b` compiles once wrapped; check the bare pattern as well. ICU
            // refuses an empty one, which Java (and so WireMock) takes: it matches the empty string.
            if !source.isEmpty { _ = try NSRegularExpression(pattern: source, options: []) }
        } catch {
            throw RegexSyntaxError(pattern: source, reason: RegexSyntaxExplainer.reason(for: source))
        }
        requiredPrefix = Self.literalPrefix(of: source)
    }

    /// The literal start of a pattern, conservatively: nothing when the pattern has an
    /// alternation anywhere, and never a character that a quantifier makes optional.
    static func literalPrefix(of pattern: String) -> [UInt8] {
        let bytes = Array(pattern.utf8)
        guard !bytes.contains(UInt8(ascii: "|")), bytes.allSatisfy({ $0 < 0x80 }) else { return [] }
        var prefix: [UInt8] = []
        var i = bytes.first == UInt8(ascii: "^") ? 1 : 0
        let special = Set("\\.[]()*+?{}^$|".utf8)
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\\") {
                // An escaped punctuation mark is that literal; `\d`, `\Q` and friends end the prefix.
                guard i + 1 < bytes.count, !isAlphanumeric(bytes[i + 1]) else { break }
                if i + 2 < bytes.count, isQuantifier(bytes[i + 2]) { break }
                prefix.append(bytes[i + 1])
                i += 2
                continue
            }
            if special.contains(byte) { break }
            if i + 1 < bytes.count, isQuantifier(bytes[i + 1]) { break }
            prefix.append(byte)
            i += 1
        }
        return prefix
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
    }

    private static func isQuantifier(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "{")
    }

    /// True when the whole of `value` matches.
    public func matches(_ value: String) -> Bool {
        if !requiredPrefix.isEmpty, !value.utf8.starts(with: requiredPrefix) { return false }
        let range = NSRange(value.startIndex..<value.endIndex, in: value)
        return compiled.firstMatch(in: value, options: [.anchored], range: range) != nil
    }

    public var description: String { source }

    public static func == (lhs: RegexPattern, rhs: RegexPattern) -> Bool { lhs.source == rhs.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}

/// A regular expression that does not compile.
public struct RegexSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The expression as written.
    public let pattern: String
    /// Why it does not compile.
    public let reason: String
    public var description: String { "Invalid regular expression '\(pattern)': \(reason)" }
}
