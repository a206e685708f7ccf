import RandomSupport
import Testing

@testable import UnderstudyJSON

/// The cursor resolves each pointer as a walk from the root does, whatever came before it.
@Suite struct JSONSchemaPointerCursorTests {
    static func document() -> JSONValue {
        var paths = JSONObject()
        for i in 0..<50 { paths["/p\(i)"] = .object(["get": .object(["n": .int(i)]), "list": .array([.int(i)])]) }
        // A repeated key: the last one wins, in a large object as in a small one.
        var members = paths.members
        members.append(JSONObject.Member(key: "/p7", value: .string("last")))
        return .object(["paths": .object(JSONObject(members)), "small": .object(["a": .array([.bool(true)])])])
    }

    @Test func agreesWithAWalkFromTheRoot() {
        let root = Self.document()
        var cursor = JSONSchemaPointerCursor(root: root)
        var random = SeededRandom(seed: 42)
        let tokens = ["paths", "small", "a", "0", "1", "get", "list", "n", "/p3", "/p7", "/p49", "/p50", "x"]
        for _ in 0..<5_000 {
            let pointer = (0..<Int.random(in: 0...4, using: &random)).map { _ in random.pick(tokens) }
            #expect(cursor.resolve(pointer) == JSONSchemaPointer.resolve(pointer, in: root), "\(pointer)")
        }
    }
}
