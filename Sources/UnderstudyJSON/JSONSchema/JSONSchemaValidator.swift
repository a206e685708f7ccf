/// A JSON Schema, compiled once, that checks instances: the engine behind WireMock's
/// `{"matchesJsonSchema": "<schema>", "schemaVersion": "V202012"}` body pattern.
///
/// Supported: every validation and applicator keyword of drafts 4, 6, 7, 2019-09 and 2020-12
/// (type, enum, const, numeric and string bounds, pattern, items/prefixItems/additionalItems,
/// contains/minContains/maxContains, properties/patternProperties/additionalProperties,
/// propertyNames, required, dependencies/dependentRequired/dependentSchemas, allOf/anyOf/oneOf/not,
/// if/then/else, boolean schemas) and `$ref` to any place in the same document, by JSON pointer,
/// anchor or embedded `$id`. Each draft's differences are kept: the draft 4 boolean
/// `exclusiveMaximum`, tuple `items` before 2020-12, `$ref` replacing its siblings before 2019-09.
///
/// Not supported: `unevaluatedProperties`/`unevaluatedItems` (ignored), remote references (an
/// error), and dynamic scoping of `$recursiveRef`/`$dynamicRef` (resolved like `$ref`).
/// `format` is an annotation only and never fails validation, as 2019-09+ specify by default.
public struct JSONSchemaValidator: Sendable, Equatable {
    /// The schema draft, named as WireMock's `schemaVersion` names it.
    public enum Version: String, Sendable, CaseIterable {
        /// Draft 4.
        case v4 = "V4"
        /// Draft 6.
        case v6 = "V6"
        /// Draft 7.
        case v7 = "V7"
        /// Draft 2019-09.
        case v201909 = "V201909"
        /// Draft 2020-12.
        case v202012 = "V202012"
    }

    /// The schema as given.
    public let schema: JSONValue
    /// The draft whose rules apply.
    public let version: Version
    private let program: JSONSchemaProgram

    /// Compiles `schema`.
    /// - Throws: `JSONSchemaError` when `schema` is not a schema for `version`: not an object or
    ///   boolean, a keyword argument of the wrong type, an invalid `pattern`, or a `$ref` that
    ///   does not resolve within the document.
    public init(schema: JSONValue, version: Version = .v202012) throws {
        self.schema = schema
        self.version = version
        program = try JSONSchemaCompiler.compile(schema, version: version)
    }

    /// Compiles the schemas at `locations` (each a JSON pointer's reference tokens, such as
    /// `["components", "schemas", "Pet"]`) inside `document` together, so that what they share
    /// by `$ref` is compiled once: the way to check the many schemas of one OpenAPI document.
    /// - Parameters:
    ///   - locations: where each schema sits in `document`.
    ///   - document: the document that holds them.
    ///   - version: the JSON Schema draft to apply.
    ///   - assertingFormats: whether `format` fails validation (date-time, date, time,
    ///     email, uuid, ipv4, ipv6, uri, byte, int32, int64); unknown formats always pass.
    ///   - openAPIVocabulary: whether OpenAPI's keywords apply: `discriminator` beside
    ///     `oneOf`/`anyOf` picks the one branch to check, and `readOnly`/`writeOnly` are checked
    ///     for the ``Direction`` given to ``validate(_:direction:)``.
    /// - Throws: `JSONSchemaError` naming the location of the first schema that does not compile
    ///   (a `discriminator` whose mapping does not resolve, too).
    public static func compile(
        _ locations: [[String]], in document: JSONValue, version: Version = .v202012, assertingFormats: Bool = false,
        openAPIVocabulary: Bool = false
    ) throws -> [JSONSchemaValidator] {
        let (program, roots) = try JSONSchemaCompiler.compile(
            locations, in: document, version: version, assertsFormats: assertingFormats,
            openAPIVocabulary: openAPIVocabulary)
        var cursor = JSONSchemaPointerCursor(root: document)
        return zip(locations, roots).map { tokens, root in
            var shared = program
            shared.root = root
            return JSONSchemaValidator(
                schema: cursor.resolve(tokens) ?? .bool(true), version: version, program: shared)
        }
    }

    private init(schema: JSONValue, version: Version, program: JSONSchemaProgram) {
        self.schema = schema
        self.version = version
        self.program = program
    }

    /// Every violation found, each with its instance location; empty when `instance` is valid.
    /// - Parameters:
    ///   - instance: the value to check.
    ///   - direction: which way the value travels, for OpenAPI's `readOnly` (not in requests)
    ///     and `writeOnly` (not in responses); `.any` checks neither.
    public func validate(_ instance: JSONValue, direction: Direction = .any) -> [JSONSchemaViolation] {
        var evaluator = JSONSchemaEvaluator(program: program, collecting: true)
        evaluator.direction = direction
        let valid = evaluator.evaluate(program.root, instance)
        if !valid && evaluator.violations.isEmpty {
            // Every failing keyword reports; this keeps "empty means valid" true regardless.
            return [
                JSONSchemaViolation(instancePointer: "", keyword: "schema", message: "value does not match the schema")
            ]
        }
        return evaluator.violations
    }

    /// Whether `instance` is valid; stops at the first failure.
    public func isValid(_ instance: JSONValue) -> Bool {
        var evaluator = JSONSchemaEvaluator(program: program, collecting: false)
        return evaluator.evaluate(program.root, instance)
    }

    /// Validators are equal when they were built from equal schemas for the same draft.
    public static func == (lhs: JSONSchemaValidator, rhs: JSONSchemaValidator) -> Bool {
        lhs.version == rhs.version && lhs.schema == rhs.schema
    }
}
