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
        let collector = FieldCollector(index: index, prepared: prepared)
        var concrete = type
        let members = index.possibleTypes(of: type)
        if members != [type] {
            if let typename = object["__typename"]?.stringValue {
                guard members.contains(typename) else {
                    found.append((pointer + "/__typename", "\"\(typename)\" is not a member of \(type)"))
                    return
                }
                concrete = typename
            }
        }
        // Without a __typename an abstract value is held to the fields every member is asked
        // for, and may have those a fragment asks of any member.
        let required = collector.collect(sets, on: concrete).filter { $0.fields.allSatisfy { $0.directives.isEmpty } }
        var allowed: [String: [Field]] = [:]
        for candidate in concrete == type ? members : [concrete] {
            for (key, fields) in collector.collect(sets, on: candidate) { allowed[key] = fields }
        }
        for (key, _) in required where object[key] == nil {
            found.append((pointer + "/" + key, "missing: the query selects it"))
        }
        for member in object {
            let at = pointer + "/" + member.key
            guard let fields = allowed[member.key], let field = fields.first else {
                found.append((at, "not selected by the query"))
                continue
            }
            let name = field.name.value
            if name == "__typename" || name == "__schema" || name == "__type" { continue }
            let owner = concrete == type && members != [type] ? owner(of: name, among: members) : concrete
            guard let info = index.fields(of: owner)[name] else { continue }
            self.value(member.value, type: info.type, fields.compactMap(\.selectionSet), pointer: at, into: &found)
        }
    }

    private func owner(of field: String, among members: [String]) -> String {
        members.first { index.fields(of: $0)[field] != nil } ?? members.first ?? ""
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
