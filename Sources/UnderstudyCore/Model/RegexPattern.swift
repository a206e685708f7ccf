import Foundation

/// A regular expression as WireMock uses it: the whole value must match (Java's `Matcher.matches()`).
/// Compiled once when the stub is decoded. ICU's syntax (NSRegularExpression) is close to Java's.
public struct RegexPattern: Sendable, Hashable, CustomStringConvertible {
    public let source: String
    private let compiled: NSRegularExpression

    /// Throws `MappingError`-ready text (the ICU reason) when the pattern does not compile.
    public init(_ source: String) throws(RegexSyntaxError) {
        self.source = source
        do {
            // `\A(?:…)\z` turns a search into a whole-string match without changing the pattern's meaning.
            compiled = try NSRegularExpression(pattern: "\\A(?:" + source + ")\\z", options: [])
            // A pattern like `a)(b` compiles once wrapped; check the bare pattern as well.
            _ = try NSRegularExpression(pattern: source, options: [])
        } catch {
            throw RegexSyntaxError(pattern: source, reason: String(describing: error))
        }
    }

    /// True when the whole of `value` matches.
    public func matches(_ value: String) -> Bool {
        let range = NSRange(value.startIndex..<value.endIndex, in: value)
        return compiled.firstMatch(in: value, options: [.anchored], range: range) != nil
    }

    public var description: String { source }

    public static func == (lhs: RegexPattern, rhs: RegexPattern) -> Bool { lhs.source == rhs.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}

/// A regular expression that does not compile.
public struct RegexSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let pattern: String
    public let reason: String
    public var description: String { "Invalid regular expression '\(pattern)': \(reason)" }
}
