/// Says in the user's own terms why a regular expression does not compile: ICU (through
/// NSRegularExpression) reports only "the value is invalid", wrapped in Foundation's error shape
/// and around the anchors we add. Swift's own regex parser gives a reason for most mistakes, and
/// the bracket scan below finds where an unbalanced one is.
enum RegexSyntaxExplainer {
    static func reason(for pattern: String) -> String {
        var parts: [String] = []
        do {
            _ = try Regex(pattern)
        } catch {
            parts.append(String(describing: error))
        }
        if parts.isEmpty { parts.append("the regex engine (ICU) cannot compile it") }
        if let offset = unbalancedOffset(in: pattern) { parts.append("at offset \(offset)") }
        return parts.joined(separator: ", ")
    }

    /// The character offset of the first bracket that never closes or closes nothing, skipping
    /// escapes and the inside of character classes; nil when brackets balance.
    static func unbalancedOffset(in pattern: String) -> Int? {
        var opens: [Int] = []
        var classStart: Int?
        var escaped = false
        for (offset, character) in pattern.enumerated() {
            if escaped {
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case "[" where classStart == nil: classStart = offset
            case "]" where classStart != nil && offset > (classStart ?? 0) + 1: classStart = nil
            case "(" where classStart == nil: opens.append(offset)
            case ")" where classStart == nil:
                if opens.popLast() == nil { return offset }
            default: break
            }
        }
        return classStart ?? opens.first
    }
}
