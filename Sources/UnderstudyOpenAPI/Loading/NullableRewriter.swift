import UnderstudyJSON

/// OpenAPI 3.0's `nullable: true` in JSON Schema terms, so the one validator checks both
/// versions: `type: string` becomes `type: [string, null]`, and `null` joins an `enum`.
enum NullableRewriter {
    static func rewrite(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            var members = object.members.map { JSONObject.Member(key: $0.key, value: rewrite($0.value)) }
            guard object["nullable"] == .bool(true), object["$ref"] == nil else { return .object(JSONObject(members)) }
            for index in members.indices {
                switch (members[index].key, members[index].value) {
                case ("type", .string(let type)):
                    members[index].value = .array([.string(type), "null"])
                case ("enum", .array(let allowed)) where !allowed.contains(.null):
                    members[index].value = .array(allowed + [.null])
                default:
                    break
                }
            }
            return .object(JSONObject(members))
        case .array(let items):
            return .array(items.map(rewrite))
        default:
            return value
        }
    }
}
