import Foundation
import UnderstudyJSON
import UnderstudyTemplating
import UnderstudyXML

/// One of WireMock's value matchers (`equalTo`, `matches`, `equalToJson`, …), used for header,
/// query, cookie and form values, for path parameters and for request bodies.
public indirect enum StringValuePattern: Sendable, Equatable {
    case equalTo(String, caseInsensitive: Bool = false)
    case contains(String)
    case doesNotContain(String)
    case matches(RegexPattern)
    case doesNotMatch(RegexPattern)
    /// The value must be missing.
    case absent
    /// Always matches; WireMock keeps the operand text, so we do too.
    case anything(String = "(always)")
    case not(StringValuePattern)
    case and([StringValuePattern])
    case or([StringValuePattern])
    /// `equalToJson`; `literal` remembers whether the expectation was written as a JSON string
    /// or as inline JSON, so the stub is written back the way it came.
    case equalToJson(JSONEquality, writtenAsString: Bool)
    case matchesJsonPath(JSONPathMatch)
    case matchesJsonSchema(JSONSchemaValidator)
    case equalToXml(XMLEqualityMatch)
    case matchesXPath(XPathMatch)
    /// Raw bytes, compared exactly; written as base64 in JSON.
    case binaryEqualTo(Data)
    case dateTime(DateTimePattern)
}

/// `matchesJsonPath`, with an optional matcher applied to what the expression finds.
public struct JSONPathMatch: Sendable, Equatable {
    public let path: JSONPath
    public let valuePattern: StringValuePattern?

    public init(path: JSONPath, valuePattern: StringValuePattern? = nil) {
        self.path = path
        self.valuePattern = valuePattern
    }
}

/// `equalToXml` with the options WireMock passes to XMLUnit, kept for writing the stub back.
public struct XMLEqualityMatch: Sendable, Equatable {
    public let expected: String
    public let equality: XMLEquality
    /// Option members as written in the mapping (placeholders, delimiters, exemptions …).
    public let options: JSONObject

    public init(expected: String, equality: XMLEquality, options: JSONObject) {
        self.expected = expected
        self.equality = equality
        self.options = options
    }
}

/// `matchesXPath`, with optional namespaces and an optional matcher for the selected values.
public struct XPathMatch: Sendable, Equatable {
    public let expression: String
    public let query: XPathQuery
    public let namespaces: [String: String]
    public let valuePattern: StringValuePattern?

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
    case single(StringValuePattern)
    /// As many values as patterns, and every pattern matches some value.
    case hasExactly([StringValuePattern])
    /// Every pattern matches some value; other values are allowed.
    case includes([StringValuePattern])
}

/// A name and the pattern for it, in the order the mapping lists them.
public struct NamedPattern<Pattern: Sendable & Equatable>: Sendable, Equatable {
    public var name: String
    public var pattern: Pattern

    public init(_ name: String, _ pattern: Pattern) {
        self.name = name
        self.pattern = pattern
    }
}
