import Foundation

/// A `pattern` or `patternProperties` regular expression, compiled once when the schema is.
/// JSON Schema regexes are ECMA-262 and unanchored: they match if they are found anywhere.
/// ICU (behind NSRegularExpression) accepts the common ECMA syntax; known differences are
/// that `\d` and `\w` also match non-ASCII digits and letters.
struct JSONSchemaRegex: Sendable {
    let source: String
    private let regex: NSRegularExpression
    /// The same pattern matched without ICU, when it is simple enough (most are).
    private let simple: JSONSchemaSimplePattern?

    init(_ source: String) throws {
        self.source = source
        do {
            regex = try NSRegularExpression(pattern: source, options: [])
        } catch {
            throw JSONSchemaError(message: "\"\(source)\" is not a valid regular expression")
        }
        simple = JSONSchemaSimplePattern(source)
    }

    /// True when the pattern occurs somewhere in `text`.
    func isFound(in text: String) -> Bool {
        if let answer = simple?.matches(text) { return answer }
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return regex.firstMatch(in: text, options: [], range: range) != nil
    }
}
