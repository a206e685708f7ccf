import Testing
import UnderstudyJSON

/// The member-by-member writer gives the same text as ``JSONWriter`` does for the same object.
struct JSONObjectWriterTests {
    static let awkward = "quote \" backslash \\ newline \n tab \t bell \u{07} nul \u{0} café 🍵 / done"

    @Test func itWritesWhatJSONWriterWrites() {
        var writer = JSONObjectWriter(capacity: 8)
        writer.add("text", Self.awkward)
        writer.add("plain", "nothing to escape")
        writer.add("count", -42)
        writer.add("yes", true)
        writer.add("no", false)
        writer.addObject("nested") { nested in
            nested.add("inner \"key\"", "value")
            nested.addObject("empty") { _ in }
        }
        writer.add("tree", .array([.null, .int(1), .object(["a": "b"])]))

        let expected: JSONValue = [
            "text": .string(Self.awkward), "plain": "nothing to escape", "count": .int(-42), "yes": true, "no": false,
            "nested": ["inner \"key\"": "value", "empty": .object([:])],
            "tree": .array([.null, .int(1), .object(["a": "b"])])
        ]
        let text = writer.finish()
        #expect(text == JSONWriter.string(expected))
        #expect((try? JSONValue(parsing: text)) == expected)
    }

    @Test func anEmptyObjectIsTwoBraces() {
        #expect(JSONObjectWriter().finish() == "{}")
    }
}
