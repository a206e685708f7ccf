/// Runs a compiled schema against one instance. In collecting mode it gathers every violation
/// with its location; in probing mode (used for `isValid` and inside anyOf/oneOf/not/if/contains,
/// whose branches may legitimately fail) it stops at the first failure and builds no messages.
struct JSONSchemaEvaluator {
    /// Nested schema applications allowed before giving up; stops `$ref` cycles and deep recursion.
    static let maximumDepth = 512

    let nodes: [JSONSchemaNode]
    private(set) var violations: [JSONSchemaViolation] = []
    private(set) var collecting: Bool
    /// Which way the instance travels, for OpenAPI's readOnly and writeOnly.
    var direction: JSONSchemaValidator.Direction = .any
    /// The instance location, kept only while collecting.
    private var path: [String] = []
    private var depth = 0

    init(program: JSONSchemaProgram, collecting: Bool) {
        nodes = program.nodes
        self.collecting = collecting
    }

    mutating func evaluate(_ node: Int, _ instance: JSONValue) -> Bool {
        guard depth < Self.maximumDepth else {
            report("$ref", "schema applied more than \(Self.maximumDepth) levels deep (a recursive $ref?)")
            return false
        }
        depth += 1
        defer { depth -= 1 }
        var valid = true
        for keyword in nodes[node].keywords where !check(keyword, instance) {
            valid = false
            if !collecting { return false }
        }
        return valid
    }

    /// Evaluates without reporting, for branches whose failure is not itself a violation.
    mutating func probe(_ node: Int, _ instance: JSONValue) -> Bool {
        let wasCollecting = collecting
        collecting = false
        defer { collecting = wasCollecting }
        return evaluate(node, instance)
    }

    /// Evaluates `instance`, found under `token` of the current location.
    mutating func evaluate(_ node: Int, _ instance: JSONValue, at token: String) -> Bool {
        guard collecting else { return evaluate(node, instance) }
        path.append(token)
        defer { path.removeLast() }
        return evaluate(node, instance)
    }

    mutating func report(_ keyword: String, _ message: @autoclosure () -> String, at token: String? = nil) {
        guard collecting else { return }
        var pointer = JSONSchemaPointer.string(path)
        if let token { pointer += "/" + JSONSchemaPointer.escape(token) }
        violations.append(JSONSchemaViolation(instancePointer: pointer, keyword: keyword, message: message()))
    }

    private mutating func check(_ keyword: JSONSchemaKeyword, _ instance: JSONValue) -> Bool {
        switch keyword {
        case .never:
            report("false", "no value is allowed here")
            return false
        case .reference(let node, _):
            return evaluate(node, instance)
        case .type(let allowed):
            return checkType(allowed, instance)
        case .enumeration(let allowed):
            if allowed.contains(instance) { return true }
            report("enum", "\(JSONWriter.string(instance)) is not one of \(JSONWriter.string(.array(allowed)))")
            return false
        case .constant(let expected):
            if instance == expected { return true }
            report("const", "\(JSONWriter.string(instance)) is not \(JSONWriter.string(expected))")
            return false
        case .minimum, .maximum, .multipleOf:
            return checkNumber(keyword, instance)
        case .minLength, .maxLength, .pattern:
            return checkString(keyword, instance)
        case .format(let format, let name):
            if format.accepts(instance) { return true }
            report("format", "\(JSONWriter.string(instance)) is not a valid \(name)")
            return false
        case .items, .minItems, .maxItems, .uniqueItems, .contains:
            return checkArray(keyword, instance)
        case .members, .required, .propertyNames, .minProperties, .maxProperties, .dependentRequired, .dependentSchemas:
            return checkObject(keyword, instance)
        case .allOf, .anyOf, .oneOf, .not, .conditional:
            return checkCombinator(keyword, instance)
        case .discriminator, .notAllowedIn, .requiredExcept:
            return checkOpenAPI(keyword, instance)
        }
    }

    private mutating func checkType(_ allowed: JSONSchemaTypeSet, _ instance: JSONValue) -> Bool {
        let matches: Bool
        switch instance {
        case .null: matches = allowed.contains(.null)
        case .bool: matches = allowed.contains(.boolean)
        case .string: matches = allowed.contains(.string)
        case .array: matches = allowed.contains(.array)
        case .object: matches = allowed.contains(.object)
        case .number(let number):
            matches = allowed.contains(.number) || (allowed.contains(.integer) && JSONSchemaNumbers.isInteger(number))
        }
        if !matches { report("type", "expected \(allowed.description) but found \(instance.typeName)") }
        return matches
    }
}
