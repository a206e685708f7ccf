import Foundation
import UnderstudyJSON
import UnderstudyTemplating
import UnderstudyXML

/// One of WireMock's value matchers (`equalTo`, `matches`, `equalToJson`, …), used for header,
/// query, cookie and form values, for path parameters and for request bodies.
public indirect enum StringValuePattern: Sendable, Equatable {
    /// The value equals this text, optionally ignoring case.
    case equalTo(String, caseInsensitive: Bool = false)
    /// The value contains this text.
    case contains(String)
    /// The value does not contain this text.
    case doesNotContain(String)
    /// The whole value matches the expression.
    case matches(RegexPattern)
    /// The whole value does not match the expression.
    case doesNotMatch(RegexPattern)
    /// The value must be missing.
    case absent
    /// Always matches; WireMock keeps the operand text, so we do too.
    case anything(String = "(always)")
    /// The inner matcher fails.
    case not(StringValuePattern)
    /// Every matcher passes.
    case and([StringValuePattern])
    /// Some matcher passes.
    case or([StringValuePattern])
    /// `equalToJson`; `literal` remembers whether the expectation was written as a JSON string
    /// or as inline JSON, so the stub is written back the way it came.
    case equalToJson(JSONEquality, writtenAsString: Bool)
    /// `matchesJsonPath`.
    case matchesJsonPath(JSONPathMatch)
    /// `matchesJsonSchema`.
    case matchesJsonSchema(JSONSchemaValidator)
    /// `equalToXml`.
    case equalToXml(XMLEqualityMatch)
    /// `matchesXPath`.
    case matchesXPath(XPathMatch)
    /// Raw bytes, compared exactly; written as base64 in JSON.
    case binaryEqualTo(Data)
    /// `before`, `after` or `equalToDateTime`.
    case dateTime(DateTimePattern)
}

/// `matchesJsonPath`, with an optional matcher applied to what the expression finds.
public struct JSONPathMatch: Sendable, Equatable {
    /// The expression.
    public let path: JSONPath
    /// A matcher for what it finds, if any.
    public let valuePattern: StringValuePattern?

    /// A JSONPath match.
    public init(path: JSONPath, valuePattern: StringValuePattern? = nil) {
        self.path = path
        self.valuePattern = valuePattern
    }
}

/// `equalToXml` with the options WireMock passes to XMLUnit, kept for writing the stub back.
public struct XMLEqualityMatch: Sendable, Equatable {
    /// The expected XML as written.
    public let expected: String
    /// The compiled comparison.
    public let equality: XMLEquality
    /// Option members as written in the mapping (placeholders, delimiters, exemptions …).
    public let options: JSONObject

    /// An XML equality match.
    public init(expected: String, equality: XMLEquality, options: JSONObject) {
        self.expected = expected
        self.equality = equality
        self.options = options
    }
}

/// `matchesXPath`, with optional namespaces and an optional matcher for the selected values.
public struct XPathMatch: Sendable, Equatable {
    /// The expression as written.
    public let expression: String
    /// The compiled query.
    public let query: XPathQuery
    /// Namespace prefixes and their URIs.
    public let namespaces: [String: String]
    /// A matcher for the selected values, if any.
    public let valuePattern: StringValuePattern?

    /// An XPath match.
    public init(expression: String, query: XPathQuery, namespaces: [String: String], valuePattern: StringValuePattern?)
    {
        self.expression = expression
        self.query = query
        self.namespaces = namespaces
        self.valuePattern = valuePattern
    }
}

/// A matcher for a field that can carry several values (headers, query and form parameters):
/// a single matcher passes when any value matches; `hasExactly` and `includes` judge the set.
public enum MultiValuePattern: Sendable, Equatable {
    /// Some value matches.
    case single(StringValuePattern)
    /// As many values as patterns, and every pattern matches some value.
    case hasExactly([StringValuePattern])
    /// Every pattern matches some value; other values are allowed.
    case includes([StringValuePattern])
}

/// A name and the pattern for it, in the order the mapping lists them.
public struct NamedPattern<Pattern: Sendable & Equatable>: Sendable, Equatable {
    /// The field's name.
    public var name: String
    /// The matcher for its value.
    public var pattern: Pattern

    /// A matcher for the field with this name.
    public init(_ name: String, _ pattern: Pattern) {
        self.name = name
        self.pattern = pattern
    }
}
