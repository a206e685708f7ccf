import Foundation

/// A `/pattern/flags` literal from a filter, compiled once when the path is compiled.
///
/// Jayway tests `=~` with Java's `Matcher.matches()`, so the pattern must match the *whole*
/// string: `/2/` does not match `"12"`. The pattern is wrapped in `\A(?: … )\z` to get the same
/// behaviour from ICU, including backtracking into alternations (`/a|ab/` matches `"ab"`).
final class JSONPathRegex: Sendable {
    let pattern: String
    let flags: String
    private let wholeMatch: NSRegularExpression

    /// The flags Jayway accepts after the closing slash, mapped to ICU options.
    /// `u` and `U` (Unicode case and classes) are ICU's default behaviour already.
    static let flagOptions: [Character: NSRegularExpression.Options] = [
        "i": .caseInsensitive,
        "m": .anchorsMatchLines,
        "s": .dotMatchesLineSeparators,
        "x": .allowCommentsAndWhitespace,
        "d": .useUnixLineSeparators,
        "u": [],
        "U": []
    ]

    init(pattern: String, flags: String, position: Int) throws {
        self.pattern = pattern
        self.flags = flags
        var options: NSRegularExpression.Options = []
        for flag in flags {
            guard let option = Self.flagOptions[flag] else {
                throw JSONPathError(message: "Unknown regular expression flag '\(flag)'", position: position)
            }
            options.formUnion(option)
        }
        do {
            // Compile the bare pattern first so an unbalanced ')' is reported instead of
            // silently closing the wrapping group.
            _ = try NSRegularExpression(pattern: pattern, options: options)
            // In comment mode a trailing '#' comment would swallow the closing group.
            let closing = options.contains(.allowCommentsAndWhitespace) ? "\n)\\z" : ")\\z"
            wholeMatch = try NSRegularExpression(pattern: "\\A(?:" + pattern + closing, options: options)
        } catch {
            throw JSONPathError(
                message: "Invalid regular expression /\(pattern)/: \(error.localizedDescription)", position: position)
        }
    }

    /// True when the whole of `text` matches.
    func matches(_ text: String) -> Bool {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return wholeMatch.firstMatch(in: text, options: [], range: range) != nil
    }
}
