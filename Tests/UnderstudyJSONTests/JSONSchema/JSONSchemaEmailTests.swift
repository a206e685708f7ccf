import RandomSupport
import Testing

@testable import UnderstudyJSON

/// The `email` format's byte-level check against the character-level rule it replaces.
@Suite struct JSONSchemaEmailTests {
    @Test(arguments: [
        ("ann@example.com", true), ("@example.com", false), ("ann@", false), ("ann", false), ("a@b@c", false),
        ("ann smith@example.com", false), ("ann@example.com\n", false), ("ann@exämple.com", true),
        ("ann@example.com\u{A0}", false), ("a\u{1C}@b", true)
    ])
    func examples(_ text: String, _ valid: Bool) {
        #expect(JSONSchemaEmail.accepts(text) == valid)
        #expect(JSONSchemaEmail.byCharacters(text) == valid)
    }

    @Test func agreesWithTheCharacterRuleOnARandomCorpus() {
        let alphabet =
            Array("a@b.Z0 \t\r\n\u{0B}\u{0C}\u{1C}\u{7F}-".unicodeScalars).map(String.init)
            + ["é", "\u{85}", "\u{A0}", "\u{301}", "\u{2028}", "\r\n"]
        var random = SeededRandom(seed: 0xE3A1_1)
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...7, using: &random) { text += random.pick(alphabet) }
            let scalars = Array(text.unicodeScalars)
            #expect(JSONSchemaEmail.accepts(text) == JSONSchemaEmail.byCharacters(text), "\(scalars)")
        }
    }
}
