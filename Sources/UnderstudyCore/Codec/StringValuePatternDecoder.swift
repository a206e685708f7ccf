import Foundation
import UnderstudyJSON
import UnderstudyTemplating
import UnderstudyXML

/// Decodes WireMock's value matchers (`{"equalTo":"x"}`, `{"matchesJsonPath":{…}}`, …).
enum StringValuePatternDecoder {
    /// The operator keys.
    static let operators: Set<String> = [
        "equalTo", "contains", "doesNotContain", "matches", "doesNotMatch", "absent", "anything", "not", "and", "or",
        "equalToJson", "matchesJsonPath", "matchesJsonSchema", "equalToXml", "matchesXPath", "binaryEqualTo",
        "before", "after", "equalToDateTime"
    ]

    static func decode(_ value: JSONValue, at pointer: String) throws(MappingError) -> StringValuePattern {
        let reader = try FieldReader(value, at: pointer)
        // As WireMock reads it: `binaryEqualTo` wins, then the first operator in document order
        // (`{"matchesJsonPath":"$.a","equalTo":"x"}` is a JSONPath match; its sibling is ignored).
        let key =
            reader.object["binaryEqualTo"] != nil
            ? "binaryEqualTo" : reader.object.members.first(where: { operators.contains($0.key) })?.key
        guard let key else {
            throw MappingError(
                pointer: pointer, title: "Error parsing JSON",
                detail: "\(JSONWriter.string(value)) is not a valid match operation")
        }
        let operand = reader.object[key] ?? .null
        let operandPointer = reader.path(key)
        switch key {
        case "equalTo":
            return .equalTo(
                try text(operand, operandPointer), caseInsensitive: try reader.bool("caseInsensitive") ?? false)
        case "contains":
            return .contains(try text(operand, operandPointer))
        case "doesNotContain":
            return .doesNotContain(try text(operand, operandPointer))
        case "matches":
            return .matches(try regex(operand, operandPointer))
        case "doesNotMatch":
            return .doesNotMatch(try regex(operand, operandPointer))
        case "absent":
            return .absent
        case "anything":
            return .anything(operand.stringValue ?? "(always)")
        case "not":
            return .not(try decode(operand, at: operandPointer))
        case "and", "or":
            guard case .array(let items) = operand, !items.isEmpty else {
                throw .invalid(operandPointer, "'\(key)' needs a non-empty array of matchers")
            }
            var patterns: [StringValuePattern] = []
            for (i, item) in items.enumerated() {
                patterns.append(try decode(item, at: UnderstudyCore.pointer(operandPointer, i)))
            }
            return key == "and" ? .and(patterns) : .or(patterns)
        case "equalToJson":
            return try equalToJson(operand, reader: reader, at: operandPointer)
        case "matchesJsonPath":
            return try jsonPath(operand, at: operandPointer)
        case "matchesJsonSchema":
            return try jsonSchema(operand, reader: reader, at: operandPointer)
        case "equalToXml":
            return try equalToXml(operand, reader: reader, at: operandPointer)
        case "matchesXPath":
            return try xPath(operand, reader: reader, at: operandPointer)
        case "binaryEqualTo":
            let encoded = try text(operand, operandPointer)
            guard let data = Data(base64Encoded: encoded) else {
                throw .invalid(operandPointer, "binaryEqualTo needs base64 text")
            }
            return .binaryEqualTo(data)
        default:
            return try dateTime(key, operand, reader: reader, at: operandPointer)
        }
    }

    static func text(_ value: JSONValue, _ pointer: String) throws(MappingError) -> String {
        switch value {
        case .string(let s): return s
        // Jackson turns scalars into text for string fields; so do we.
        case .number(let n): return n.text
        case .bool(let b): return b ? "true" : "false"
        default: throw .invalid(pointer, "Expected a string but found \(value.typeName)")
        }
    }

    static func regex(_ value: JSONValue, _ pointer: String) throws(MappingError) -> RegexPattern {
        let source = try text(value, pointer)
        do {
            return try RegexPattern(source)
        } catch {
            throw .cannotEvaluate(pointer, error.description)
        }
    }

    static func equalToJson(_ operand: JSONValue, reader: FieldReader, at pointer: String) throws(MappingError)
        -> StringValuePattern
    {
        let expected: JSONValue
        let writtenAsString: Bool
        if case .string(let text) = operand {
            do {
                expected = try JSONParser.parse(text)
            } catch {
                throw .invalid(pointer, "equalToJson expects valid JSON: \(error)")
            }
            writtenAsString = true
        } else {
            expected = operand
            writtenAsString = false
        }
        do {
            let equality = try JSONEquality(
                expected: expected,
                ignoreArrayOrder: try reader.bool("ignoreArrayOrder") ?? false,
                ignoreExtraElements: try reader.bool("ignoreExtraElements") ?? false)
            return .equalToJson(equality, writtenAsString: writtenAsString)
        } catch let error as MappingError {
            throw error
        } catch {
            throw .invalid(pointer, String(describing: error))
        }
    }

    static func jsonPath(_ operand: JSONValue, at pointer: String) throws(MappingError) -> StringValuePattern {
        let (expression, rest) = try expressionAndMatcher(operand, operator: "matchesJsonPath", at: pointer)
        let valuePattern = rest.isEmpty ? nil : try decode(.object(rest), at: pointer)
        do {
            return .matchesJsonPath(JSONPathMatch(path: try JSONPath(expression), valuePattern: valuePattern))
        } catch {
            throw .cannotEvaluate(pointer, "Invalid JSONPath '\(expression)': \(error)")
        }
    }

    /// `"$.x"` or `{"expression":"$.x", <matcher>}`: the expression, and the matcher's members.
    static func expressionAndMatcher(_ operand: JSONValue, operator name: String, at pointer: String)
        throws(MappingError) -> (String, JSONObject)
    {
        switch operand {
        case .string(let s):
            return (s, JSONObject())
        case .object(let object):
            guard case .string(let s)? = object["expression"] else {
                throw .invalid(UnderstudyCore.pointer(pointer, "expression"), "\(name) needs an 'expression' string")
            }
            var rest = object
            rest["expression"] = nil
            return (s, rest)
        default:
            throw .invalid(pointer, "\(name) needs an expression string or an object")
        }
    }

    static func jsonSchema(_ operand: JSONValue, reader: FieldReader, at pointer: String) throws(MappingError)
        -> StringValuePattern
    {
        let schema: JSONValue
        if case .string(let text) = operand {
            do { schema = try JSONParser.parse(text) } catch {
                throw .invalid(pointer, "matchesJsonSchema expects a JSON schema: \(error)")
            }
        } else {
            schema = operand
        }
        let versionName = try reader.string("schemaVersion") ?? JSONSchemaValidator.Version.v202012.rawValue
        guard let version = JSONSchemaValidator.Version(rawValue: versionName) else {
            throw .invalid(
                reader.path("schemaVersion"),
                "Unknown schemaVersion '\(versionName)'; use V4, V6, V7, V201909 or V202012")
        }
        do {
            return .matchesJsonSchema(try JSONSchemaValidator(schema: schema, version: version))
        } catch {
            throw .invalid(pointer, "Invalid JSON schema: \(error)")
        }
    }

    static let xmlOptionKeys = [
        "enablePlaceholders", "placeholderOpeningDelimiterRegex", "placeholderClosingDelimiterRegex",
        "exemptedComparisons", "ignoreOrderOfSameNode", "namespaceAwareness"
    ]

    static func equalToXml(_ operand: JSONValue, reader: FieldReader, at pointer: String) throws(MappingError)
        -> StringValuePattern
    {
        let expected = try text(operand, pointer)
        var options = JSONObject()
        for key in xmlOptionKeys { if let value = reader.value(key) { options[key] = value } }
        var exempted: [String] = []
        for (i, item) in (try reader.array("exemptedComparisons") ?? []).enumerated() {
            exempted.append(try text(item, UnderstudyCore.pointer(reader.path("exemptedComparisons"), i)))
        }
        var awareness: XMLEquality.NamespaceAwareness?
        if let name = try reader.string("namespaceAwareness") {
            guard let value = XMLEquality.NamespaceAwareness(rawValue: name) else {
                throw .invalid(
                    reader.path("namespaceAwareness"),
                    "Unknown namespaceAwareness '\(name)'; use LEGACY, STRICT or NONE")
            }
            awareness = value
        }
        do {
            let equality = try XMLEquality(
                expected: expected,
                enablePlaceholders: try reader.bool("enablePlaceholders") ?? false,
                placeholderOpeningDelimiterRegex: try reader.string("placeholderOpeningDelimiterRegex"),
                placeholderClosingDelimiterRegex: try reader.string("placeholderClosingDelimiterRegex"),
                exemptedComparisons: exempted,
                ignoreOrderOfSameNode: try reader.bool("ignoreOrderOfSameNode") ?? false,
                namespaceAwareness: awareness)
            return .equalToXml(XMLEqualityMatch(expected: expected, equality: equality, options: options))
        } catch let error as MappingError {
            throw error
        } catch {
            throw .invalid(pointer, String(describing: error))
        }
    }

    static func xPath(_ operand: JSONValue, reader: FieldReader, at pointer: String) throws(MappingError)
        -> StringValuePattern
    {
        var namespaces: [String: String] = [:]
        if let object = try reader.objectValue("xPathNamespaces") {
            for member in object {
                namespaces[member.key] = try text(
                    member.value, UnderstudyCore.pointer(reader.path("xPathNamespaces"), member.key))
            }
        }
        var (expression, rest) = try expressionAndMatcher(operand, operator: "matchesXPath", at: pointer)
        if let inner = rest["xPathNamespaces"]?.objectValue {
            for member in inner { if let uri = member.value.stringValue { namespaces[member.key] = uri } }
            rest["xPathNamespaces"] = nil
        }
        let valuePattern = rest.isEmpty ? nil : try decode(.object(rest), at: pointer)
        do {
            let query = try XPathQuery(expression: expression, namespaces: namespaces)
            return .matchesXPath(
                XPathMatch(expression: expression, query: query, namespaces: namespaces, valuePattern: valuePattern))
        } catch {
            throw .invalid(pointer, "Invalid XPath '\(expression)': \(error)")
        }
    }

    static func dateTime(_ key: String, _ operand: JSONValue, reader: FieldReader, at pointer: String)
        throws(MappingError) -> StringValuePattern
    {
        guard let op = DateTimePattern.Operator(rawValue: key) else {
            throw .invalid(pointer, "Unknown operator '\(key)'")
        }
        do {
            return .dateTime(
                try DateTimePattern(
                    operator: op,
                    expected: try text(operand, pointer),
                    actualFormat: try reader.string("actualFormat"),
                    truncateExpected: try reader.string("truncateExpected"),
                    truncateActual: try reader.string("truncateActual"),
                    applyTruncationLast: try reader.bool("applyTruncationLast") ?? false,
                    expectedOffset: try reader.int("expectedOffset"),
                    expectedOffsetUnit: try reader.string("expectedOffsetUnit")))
        } catch let error as MappingError {
            throw error
        } catch {
            throw .invalid(pointer, String(describing: error))
        }
    }

    /// A multi-value matcher: `{"hasExactly":[…]}`, `{"includes":[…]}`, or a plain matcher.
    static func decodeMultiValue(_ value: JSONValue, at pointer: String) throws(MappingError) -> MultiValuePattern {
        let reader = try FieldReader(value, at: pointer)
        for key in ["hasExactly", "includes"] {
            guard let operand = reader.object[key] else { continue }
            guard case .array(let items) = operand else {
                throw .invalid(reader.path(key), "'\(key)' needs an array of matchers")
            }
            var patterns: [StringValuePattern] = []
            for (i, item) in items.enumerated() {
                patterns.append(try decode(item, at: UnderstudyCore.pointer(reader.path(key), i)))
            }
            return key == "hasExactly" ? .hasExactly(patterns) : .includes(patterns)
        }
        return .single(try decode(value, at: pointer))
    }
}
