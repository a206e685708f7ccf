import GraphQL
import UnderstudyJSON

/// Checks a stub's `data` against the operation it answers: every field the query selects is
/// there, nothing it does not select, each value of its field's type (null only where the type
/// allows it, an enum's own values, `__typename` one of the abstract type's members). What a
/// client's generated models would fail on.
struct DataShapeCheck {
    let index: SchemaIndex
    let prepared: PreparedOperation

    /// The problems, each with the JSON pointer under `data`.
    func problems(in data: JSONValue) -> [(pointer: String, reason: String)] {
        guard let root = index.rootType(prepared.operation.operation) else { return [] }
        var found: [(String, String)] = []
        object(data, type: root, [prepared.operation.selectionSet], pointer: "", into: &found)
        return found
    }

    private func object(
        _ value: JSONValue, type: String, _ sets: [SelectionSet], pointer: String, into found: inout [(String, String)]
    ) {
        guard let object = value.objectValue else {
            found.append((pointer, "expected an object of type \(type), found \(value.typeName)"))
            return
        }
        let members = index.possibleTypes(of: type)
        var candidates = members
        if members != [type], let typename = object["__typename"]?.stringValue {
            guard members.contains(typename) else {
                found.append((pointer + "/__typename", "\"\(typename)\" is not a member of \(type)"))
                return
            }
            candidates = [typename]
        }
        // Without a __typename an abstract value fits if it fits one of the members; otherwise
        // the problems it has as the closest member are the ones reported, closest meaning the
        // fewest fields missing or not selected first, then the fewest wrong values.
        var closest: (problems: [(String, String)], score: Int)?
        for candidate in candidates {
            var problems: [(String, String)] = []
            let misplaced = check(object, as: candidate, sets, pointer: pointer, into: &problems)
            if problems.isEmpty { return }
            let score = misplaced * 1_000 + problems.count
            if score < closest?.score ?? Int.max { closest = (problems, score) }
        }
        found += closest?.problems ?? []
    }

    /// `object` as a value of the object type `concrete`; answers how many of its fields are
    /// missing or not selected.
    @discardableResult
    private func check(
        _ object: JSONObject, as concrete: String, _ sets: [SelectionSet], pointer: String,
        into found: inout [(String, String)]
    ) -> Int {
        var misplaced = 0
        // A stub is checked without variables: a conditional selection may be there or not.
        let required = FieldCollector(index: index, prepared: prepared, conditions: .excludeAll).collect(
            sets, on: concrete)
        var allowed: [String: [Field]] = [:]
        for (key, fields) in FieldCollector(index: index, prepared: prepared, conditions: .includeAll)
            .collect(sets, on: concrete)
        {
            allowed[key] = fields
        }
        for (key, _) in required where object[key] == nil {
            found.append((pointer + "/" + key, "missing: the query selects it"))
            misplaced += 1
        }
        for member in object {
            let at = pointer + "/" + member.key
            guard let fields = allowed[member.key], let field = fields.first else {
                found.append((at, "not selected by the query"))
                misplaced += 1
                continue
            }
            let name = field.name.value
            if name == "__typename" || name == "__schema" || name == "__type" { continue }
            guard let info = index.fields(of: concrete)[name] else { continue }
            self.value(member.value, type: info.type, fields.compactMap(\.selectionSet), pointer: at, into: &found)
        }
        return misplaced
    }

    private func value(
        _ value: JSONValue, type: TypeRef, _ sets: [SelectionSet], pointer: String, into found: inout [(String, String)]
    ) {
        switch type {
        case .nonNull(let inner):
            if value.isNull {
                found.append((pointer, "null, but its type \(type) is non-null"))
                return
            }
            self.value(value, type: inner, sets, pointer: pointer, into: &found)
        case .list(let inner):
            if value.isNull { return }
            guard let items = value.arrayValue else {
                found.append((pointer, "expected a list (\(type)), found \(value.typeName)"))
                return
            }
            for (position, item) in items.enumerated() {
                self.value(item, type: inner, sets, pointer: "\(pointer)/\(position)", into: &found)
            }
        case .named(let name):
            if value.isNull { return }
            switch index.types[name] {
            case .object, .interface, .union:
                object(value, type: name, sets, pointer: pointer, into: &found)
            case .enumeration(let values):
                if let text = value.stringValue, values.contains(text) { return }
                found.append((pointer, "\(VariableCoercion.text(value)) is not a value of the enum \(name)"))
            default:
                let problems = VariableCoercion(index: index).check(value, against: .named(name))
                if !problems.isEmpty { found.append((pointer, problems.joined(separator: "; "))) }
            }
        }
    }
}
