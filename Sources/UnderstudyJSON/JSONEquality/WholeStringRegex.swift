import Foundation

/// A regular expression compiled once that must match the whole string, as Java's `String.matches` does
/// (JsonUnit's `${json-unit.regex}` uses that).
struct WholeStringRegex: Sendable {
    /// The pattern as written after the placeholder.
    let pattern: String
    private let expression: NSRegularExpression

    init(_ pattern: String) throws {
        // Validate the pattern on its own first, so an unbalanced `)` cannot hide inside the anchoring group.
        do {
            _ = try NSRegularExpression(pattern: pattern)
            expression = try NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z")
        } catch {
            throw JSONEqualityError(message: "Invalid regular expression in ${json-unit.regex}: \(pattern)")
        }
        self.pattern = pattern
    }

    func matches(_ text: String) -> Bool {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return expression.firstMatch(in: text, options: [], range: range) != nil
    }
}
