import UnderstudyJSON

extension RequestPatternDecoder {
    /// `"method"`: a name, `"ANY"`, or one list, `{"oneOf":[…]}` or `{"noneOf":[…]}`, of non-empty
    /// names. A list may be empty, as in WireMock 4 (and its admin API description's examples):
    /// `{"noneOf":[]}` matches every method, `{"oneOf":[]}` none. An empty name is kept, as
    /// WireMock keeps it (its description allows any string): no request has it, so it matches none.
    static func method(_ value: JSONValue, at pointer: String) throws(MappingError) -> RequestMethod {
        if case .string(let token) = value { return RequestMethod(token) }
        let expected = #"Expected a method name such as "GET" or "ANY", or {"oneOf":[…]} or {"noneOf":[…]}"#
        guard case .object(let object) = value, object.count == 1, let member = object.members.first,
            member.key == "oneOf" || member.key == "noneOf"
        else { throw .invalid(pointer, expected) }
        let at = UnderstudyCore.pointer(pointer, member.key)
        guard case .array(let items) = member.value else {
            throw .invalid(at, "Expected a list of method names")
        }
        var names: [String] = []
        for (i, item) in items.enumerated() {
            guard case .string(let name) = item, !name.isEmpty else {
                throw .invalid(UnderstudyCore.pointer(at, i), "Expected a method name such as \"GET\"")
            }
            names.append(name)
        }
        return member.key == "oneOf" ? .oneOf(names) : .noneOf(names)
    }
}
