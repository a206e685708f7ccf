import GraphQL
import UnderstudyJSON

/// Runs a prepared operation against the schema alone: every field gets a value made up from its
/// type (lists of two, every nullable field filled, an enum's values and an abstract type's
/// members picked by the seed, `__typename` the member picked), and introspection fields get the
/// schema's own description. Synchronous, so it answers on the server's thread; GraphQLSwift's
/// executor is asynchronous and needs resolvers, which a mock has no use for.
struct MockExecutor {
    let index: SchemaIndex
    let prepared: PreparedOperation
    let introspection: Introspection
    let seed: MockSeed

    /// Where a value comes from: made up, or read from the introspection result.
    enum Origin {
        /// Made up; `id` is the `id` argument the field was asked with, which its object's own
        /// `id` field echoes (`node(id: "x") { id }` answers `"x"`).
        case mock(id: JSONValue?)
        case schema(JSONValue)
    }

    /// The operation's `data`.
    func run() -> JSONValue {
        guard let root = index.rootType(prepared.operation.operation) else { return .null }
        return object(root, [prepared.operation.selectionSet], origin: .mock(id: nil), path: "")
    }

    private func object(_ type: String, _ sets: [SelectionSet], origin: Origin, path: String) -> JSONValue {
        var result = JSONObject()
        for (key, fields) in FieldCollector(index: index, prepared: prepared).collect(sets, on: type) {
            let field = fields[0]
            let subsets = fields.compactMap(\.selectionSet)
            let name = field.name.value
            let fieldPath = path.isEmpty ? key : "\(path).\(key)"
            if name == "__typename" {
                result[key] = .string(type)
            } else if name == "__schema", type == index.queryType {
                result[key] = complete(
                    .named("__Schema"), subsets, origin: .schema(introspection.schema), path: fieldPath)
            } else if name == "__type", type == index.queryType {
                let wanted = argument("name", of: field)?.stringValue ?? ""
                let found = introspection.type(named: wanted)
                result[key] =
                    found.map { complete(.named("__Type"), subsets, origin: .schema($0), path: fieldPath) } ?? .null
            } else if let info = index.fields(of: type)[name] {
                switch origin {
                case .schema(let source):
                    let value = introspection.member(
                        name, of: source, parentType: type,
                        includeDeprecated: argument("includeDeprecated", of: field)?.boolValue ?? false)
                    result[key] = complete(info.type, subsets, origin: .schema(value), path: fieldPath)
                case .mock(let id):
                    if name == "id", let id, info.type.name == "ID" || info.type.name == "String" {
                        result[key] = .string(id.stringValue ?? VariableCoercion.text(id))
                    } else {
                        let echoed = info.arguments["id"] == nil ? nil : argument("id", of: field)
                        result[key] = complete(
                            info.type, subsets, origin: .mock(id: echoed.flatMap { $0.isNull ? nil : $0 }),
                            path: fieldPath,
                            field: name, parent: type)
                    }
                }
            }
        }
        return .object(result)
    }

    private func complete(
        _ type: TypeRef, _ sets: [SelectionSet], origin: Origin, path: String, field: String = "", parent: String = ""
    ) -> JSONValue {
        if case .schema(let source) = origin {
            switch type {
            case .nonNull(let inner): return complete(inner, sets, origin: origin, path: path)
            case .list(let inner):
                guard let items = source.arrayValue else { return .null }
                return .array(
                    items.enumerated().map { complete(inner, sets, origin: .schema($1), path: "\(path).\($0)") })
            case .named(let name):
                if source.isNull || sets.isEmpty { return source }
                return object(name, sets, origin: origin, path: path)
            }
        }
        switch type {
        case .nonNull(let inner):
            return complete(inner, sets, origin: origin, path: path, field: field, parent: parent)
        case .list(let inner):
            return .array(
                (0..<2).map {
                    complete(inner, sets, origin: .mock(id: nil), path: "\(path).\($0)", field: field, parent: parent)
                })
        case .named(let name):
            let number = seed.at(path)
            switch index.types[name] {
            case .object:
                return object(name, sets, origin: origin, path: path)
            case .interface, .union:
                let members = index.possibleTypes(of: name)
                guard !members.isEmpty else { return .null }
                return object(members[Int(number % UInt64(members.count))], sets, origin: origin, path: path)
            case .enumeration(let values):
                guard !values.isEmpty else { return .null }
                return .string(values[Int(number % UInt64(values.count))])
            default:
                return MockScalar.value(name, field: field, parent: parent, number: number)
            }
        }
    }

    private func argument(_ name: String, of field: Field) -> JSONValue? {
        field.arguments.first { $0.name.value == name }.map {
            LiteralValue.json($0.value, variables: prepared.variables)
        }
    }
}
