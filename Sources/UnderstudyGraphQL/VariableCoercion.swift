import GraphQL
import UnderstudyJSON

/// Checks the variables sent with an operation against its variable definitions, as a server
/// does before it executes: a required variable missing, a value of the wrong type, an enum
/// value the schema does not have, an unknown input field. GraphQLSwift does this inside its
/// executor only, which is asynchronous, so it is done here.
struct VariableCoercion {
    let index: SchemaIndex

    /// The variables with defaults filled in, or the errors, each at its definition.
    func coerce(_ definitions: [VariableDefinition], values: JSONObject?) -> Result<
        [String: JSONValue], OperationErrors
    > {
        var coerced: [String: JSONValue] = [:]
        var errors: [GraphQLError] = []
        for definition in definitions {
            let name = definition.variable.name.value
            let type = TypeRef(ast: definition.type)
            guard let value = values?[name] else {
                if let defaultValue = definition.defaultValue {
                    coerced[name] = LiteralValue.json(defaultValue, variables: [:])
                } else if case .nonNull = type {
                    errors.append(
                        GraphQLError(
                            message: "Variable \"$\(name)\" of required type \"\(type)\" was not provided.",
                            nodes: [definition]))
                }
                continue
            }
            let problems = check(value, against: type)
            if problems.isEmpty {
                coerced[name] = value
            } else {
                errors.append(
                    GraphQLError(
                        message:
                            "Variable \"$\(name)\" got invalid value \(Self.text(value)); \(problems.joined(separator: "; "))",
                        nodes: [definition]))
            }
        }
        return errors.isEmpty ? .success(coerced) : .failure(OperationErrors(errors))
    }

    /// What is wrong with `value` as a `type`; empty when it is one.
    func check(_ value: JSONValue, against type: TypeRef, at path: String = "") -> [String] {
        let place = path.isEmpty ? "" : " at \"\(path)\""
        switch type {
        case .nonNull(let inner):
            if value.isNull { return ["Expected non-nullable type \"\(type)\" not to be null\(place)."] }
            return check(value, against: inner, at: path)
        case .list(let inner):
            if value.isNull { return [] }
            // A single value is accepted where a list is expected (input coercion).
            guard let items = value.arrayValue else { return check(value, against: inner, at: path) }
            return items.enumerated().flatMap { check($1, against: inner, at: path + "[\($0)]") }
        case .named(let name):
            if value.isNull { return [] }
            return checkNamed(value, name, place: place, path: path)
        }
    }

    private func checkNamed(_ value: JSONValue, _ name: String, place: String, path: String) -> [String] {
        switch index.types[name] {
        case .enumeration(let values):
            guard let text = value.stringValue, values.contains(text) else {
                return ["Value \(Self.text(value)) does not exist in \"\(name)\" enum\(place)."]
            }
            return []
        case .inputObject(let fields):
            guard let object = value.objectValue else {
                return ["Expected type \"\(name)\" to be an object\(place)."]
            }
            var problems: [String] = []
            for key in object.keys where fields[key] == nil {
                problems.append("Field \"\(key)\" is not defined by type \"\(name)\"\(place).")
            }
            for (field, info) in fields.sorted(by: { $0.key < $1.key }) {
                let fieldPath = path.isEmpty ? field : "\(path).\(field)"
                guard let member = object[field] else {
                    if case .nonNull = info.type, !info.hasDefault {
                        problems.append(
                            "Field \"\(field)\" of required type \"\(info.type)\" was not provided\(place).")
                    }
                    continue
                }
                problems += check(member, against: info.type, at: fieldPath)
            }
            return problems
        default:
            return checkScalar(value, name, place: place)
        }
    }

    private func checkScalar(_ value: JSONValue, _ name: String, place: String) -> [String] {
        let fits: Bool
        switch name {
        case "Int":
            fits = value.numberValue?.intValue.map { Int(Int32.min)...Int(Int32.max) ~= $0 } ?? false
        case "Float": fits = value.numberValue != nil
        case "String": fits = value.stringValue != nil
        case "Boolean": fits = value.boolValue != nil
        case "ID": fits = value.stringValue != nil || value.numberValue?.isInteger == true
        // A custom scalar's rules are the server's own; any value is taken.
        default: fits = true
        }
        return fits ? [] : ["\(name) cannot represent \(Self.text(value))\(place)."]
    }

    static func text(_ value: JSONValue) -> String {
        String(decoding: JSONWriter.data(value), as: UTF8.self)
    }
}
