import Yams

/// The tag Yams's default resolver gives a scalar, without its regular expressions where none can
/// match: they cost microseconds each on Linux, and most scalars in a spec are words. A plain
/// scalar that starts as a number, a date, `<<` or `=` still goes to the resolver itself.
enum ScalarTag {
    static func resolve(_ scalar: Node.Scalar) -> Tag.Name {
        let name = Tag.Name(rawValue: scalar.tag.rawValue)
        if name == .nonSpecific { return .str }
        guard name == .implicit else { return name }
        let text = scalar.string
        if text.isEmpty || nullWords.contains(text) { return .null }
        if boolWords.contains(text) { return .bool }
        guard let first = text.utf8.first, resolvedStarts.contains(first) else { return .str }
        return Resolver.default.resolveTag(of: .scalar(scalar))
    }

    /// The words of the resolver's `bool` and `null` rules, which are whole-word patterns.
    private static let boolWords: Set<String> = [
        "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
        "on", "On", "ON", "off", "Off", "OFF"
    ]
    private static let nullWords: Set<String> = ["~", "null", "Null", "NULL"]

    /// How every match of the `int`, `float`, `merge`, `timestamp` and `value` rules starts.
    private static let resolvedStarts = Set("0123456789+-.<=".utf8)
}
