/// WireMock's size of a JSON subtree (`Json.deepSize`), used to weigh differences and normalise the distance.
///
/// A scalar counts 1. A container counts 1, plus 1 per child, plus the size of each child that is itself a
/// container. So `{"a":1}` is 2 and `{"a":{"b":1}}` is 4. Copying this odd count keeps our distances equal to
/// WireMock's (for example 0.5625 for its "subtree missing" test), so near-miss ranking agrees.
enum JSONNodeWeight {
    static func of(_ value: JSONValue) -> Int {
        switch value {
        case .null, .bool, .number, .string: return 1
        case .array(let elements): return container(elements.lazy.map { (of($0), isContainer($0)) })
        case .object(let object): return container(object.members.lazy.map { (of($0.value), isContainer($0.value)) })
        }
    }

    /// The size of a container from its children's sizes and kinds.
    static func container<Children: Sequence>(_ children: Children) -> Int where Children.Element == (Int, Bool) {
        var total = 1
        for (size, childIsContainer) in children {
            total += childIsContainer ? 1 + size : 1
        }
        return total
    }

    private static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: return true
        case .null, .bool, .number, .string: return false
        }
    }
}
