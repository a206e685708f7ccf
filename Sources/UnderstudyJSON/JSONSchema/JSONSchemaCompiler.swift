/// Turns a schema document into a `JSONSchemaProgram`, checking every keyword's argument once so
/// that evaluation never has to. Each schema location is compiled once; `$ref` targets are
/// compiled in place and shared, which is what makes recursive schemas finite.
struct JSONSchemaCompiler {
    /// Schemas nested (or chained by `$ref`) deeper than this are refused rather than risking the stack.
    static let maximumDepth = JSONSchemaEvaluator.maximumDepth

    let version: JSONSchemaValidator.Version
    let references: JSONSchemaReferences
    /// Whether `format` fails validation for the formats ``JSONSchemaFormat`` knows.
    var assertsFormats = false
    /// Whether OpenAPI's `discriminator`, `readOnly` and `writeOnly` are honoured.
    var openAPIVocabulary = false
    private var nodes: [JSONSchemaNode] = []
    private var indexByLocation: [String: Int] = [:]
    private var depth = 0
    /// Finds each schema from the last one found; compiling goes depth first.
    private var cursor: JSONSchemaPointerCursor

    static func compile(_ schema: JSONValue, version: JSONSchemaValidator.Version) throws -> JSONSchemaProgram {
        switch schema {
        case .object, .bool: break
        default: throw JSONSchemaError(message: "A JSON schema must be an object or a boolean, not \(schema.typeName)")
        }
        var compiler = JSONSchemaCompiler(
            version: version, references: JSONSchemaReferences(root: schema, version: version))
        let root = try compiler.node(at: [], parentBase: JSONSchemaReferences.defaultBase)
        return JSONSchemaProgram(nodes: compiler.nodes, root: root)
    }

    /// Compiles the schemas at `locations` within one `document` into one program, each
    /// referenced schema once; returns the program and each location's root node, in order.
    static func compile(
        _ locations: [[String]], in document: JSONValue, version: JSONSchemaValidator.Version, assertsFormats: Bool,
        openAPIVocabulary: Bool = false
    ) throws -> (program: JSONSchemaProgram, roots: [Int]) {
        var compiler = JSONSchemaCompiler(
            version: version, references: JSONSchemaReferences(root: document, version: version))
        compiler.assertsFormats = assertsFormats
        compiler.openAPIVocabulary = openAPIVocabulary
        var roots: [Int] = []
        roots.reserveCapacity(locations.count)
        for tokens in locations {
            roots.append(try compiler.node(at: tokens, parentBase: JSONSchemaReferences.defaultBase))
        }
        return (JSONSchemaProgram(nodes: compiler.nodes, root: roots.first ?? 0), roots)
    }

    private init(version: JSONSchemaValidator.Version, references: JSONSchemaReferences) {
        self.version = version
        self.references = references
        cursor = JSONSchemaPointerCursor(root: references.root)
    }

    /// Whether this draft has `$ref` replace its siblings (draft 4 to 7) rather than join them.
    var referenceOverridesSiblings: Bool { version == .v4 || version == .v6 || version == .v7 }

    var isAtLeastV6: Bool { version != .v4 }
    var isAtLeastV7: Bool { isAtLeastV6 && version != .v6 }
    var isAtLeastV201909: Bool { version == .v201909 || version == .v202012 }

    /// The node for the schema at `tokens`, compiling it on first use.
    /// `booleanAllowed` overrides the draft rule for the two draft-4 keywords that take `true`/`false`.
    mutating func node(at tokens: [String], parentBase: String, booleanAllowed: Bool? = nil) throws -> Int {
        let location = JSONSchemaPointer.string(tokens)
        if let existing = indexByLocation[location] { return existing }
        guard let value = cursor.resolve(tokens) else {
            throw failure(at: tokens, "no schema here")
        }
        guard depth < Self.maximumDepth else { throw failure(at: tokens, "schema nested too deeply") }
        depth += 1
        defer { depth -= 1 }

        let index = nodes.count
        nodes.append(JSONSchemaNode())
        indexByLocation[location] = index
        switch value {
        case .bool(let accepts):
            guard booleanAllowed ?? isAtLeastV6 else {
                throw failure(at: tokens, "boolean schemas need draft 6 or later (schemaVersion V6+)")
            }
            nodes[index].keywords = accepts ? [] : [.never]
        case .object(let object):
            let base = references.base(of: object, parentBase: parentBase)
            nodes[index].keywords = try keywords(of: object, at: tokens, base: base)
        default:
            throw failure(at: tokens, "a schema must be an object or a boolean, not \(value.typeName)")
        }
        return index
    }

    func failure(at tokens: [String], _ message: String) -> JSONSchemaError {
        JSONSchemaError(message: "at #\(JSONSchemaPointer.string(tokens)): \(message)")
    }
}
