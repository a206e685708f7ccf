import Foundation
import UnderstudyCore
import UnderstudyJSON

/// Shorthands for WireMock value matchers. `.equalTo("x")`, `.contains("x")`, `.absent` and
/// the other cases of ``StringValuePattern`` are used directly; these add the ones that compile.
extension StringValuePattern {
    /// `matches`: the whole value matches the regular expression.
    /// - Throws: `RegexSyntaxError` when `regex` does not compile (never a pattern that silently
    ///   never matches).
    public static func matches(_ regex: String) throws -> StringValuePattern {
        .matches(try RegexPattern(regex))
    }

    /// `doesNotMatch`: the whole value does not match the regular expression.
    /// - Throws: `RegexSyntaxError` when `regex` does not compile.
    public static func doesNotMatch(_ regex: String) throws -> StringValuePattern {
        .doesNotMatch(try RegexPattern(regex))
    }

    /// `equalToJson` with JsonUnit semantics.
    /// - Throws: `JSONEqualityError` when a `${json-unit.regex}` placeholder does not compile.
    public static func equalToJSON(
        _ expected: JSONValue, ignoreArrayOrder: Bool = false, ignoreExtraElements: Bool = false
    ) throws -> StringValuePattern {
        let equality = try JSONEquality(
            expected: expected, ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements)
        return .equalToJson(equality, writtenAsString: false)
    }

    /// `matchesJsonPath`, optionally with a matcher for what the expression finds.
    /// - Throws: `JSONPathError` when `expression` does not compile.
    public static func jsonPath(_ expression: String, _ pattern: StringValuePattern? = nil) throws -> StringValuePattern
    {
        .matchesJsonPath(JSONPathMatch(path: try JSONPath(expression), valuePattern: pattern))
    }

    /// A matcher from WireMock JSON text, e.g. `#"{"contains":"x"}"#`.
    /// - Throws: `MappingError` in WireMock's error shape.
    public static func json(_ text: String) throws -> StringValuePattern {
        let value: JSONValue
        do { value = try JSONParser.parse(text) } catch {
            throw MappingError(title: "Error parsing JSON", detail: error.description)
        }
        return try StringValuePattern(json: value)
    }
}
