import Foundation
import RandomSupport
import Testing

@testable import UnderstudyJSON

/// The byte-level `pattern` matcher against NSRegularExpression (ICU), which it stands in for:
/// wherever it answers, it must answer as ICU does.
@Suite struct JSONSchemaSimplePatternTests {
    static let common = [
        "^[A-Z]{3}-[0-9]{4}$", #"^\d+$"#, "^[a-z0-9-]+$", #"^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$"#,
        "abc", "", "^$", #"^\w{1,16}$"#, "[^@]", #"^\S+$"#, #"^v\d+\.\d+(?:\.\d+)?$"#
    ]

    @Test func commonPatternsTakeTheFastPath() {
        for source in Self.common where !source.contains("(") {
            #expect(JSONSchemaSimplePattern(source) != nil, "\(source)")
        }
    }

    @Test(arguments: [
        "(a|b)", "a|b", #"^\p{L}+$"#, "a{2,1}", "a*?", "a++", "[[a-z]]", "[a-z&&[aeiou]]", "[]", "[a--b]",
        #"\bword"#, "a^b", "a$b", "[:alpha:]", "é", "a{,3}", "x{65}", "[z-a]", "\\", "[a", "a{2"
    ])
    func otherPatternsAreLeftToICU(_ source: String) {
        #expect(JSONSchemaSimplePattern(source) == nil)
    }

    @Test func textOutsidePrintableASCIIIsLeftToICU() throws {
        let pattern = try #require(JSONSchemaSimplePattern("^a$"))
        #expect(pattern.matches("a\n") == nil)
        #expect(pattern.matches("é") == nil)
        #expect(pattern.matches("a") == true)
    }

    static let atoms = [
        "a", "b", "Z", "0", "9", "-", "_", ".", " ", "@", "/", ":", "#", "'", "=", "<", "~", #"\d"#, #"\w"#, #"\s"#,
        #"\D"#, #"\W"#, #"\S"#, #"\."#, #"\-"#, #"\/"#, #"\$"#, #"\^"#, "[a-c]", "[^a-c]", "[A-Z0-9_-]", "[-a]",
        "[a-]", "[.+*?()|]", #"[\d.]"#, #"[\w-]"#, #"[^\s]"#, #"[\]a]"#, "[0-9a-fA-F]", "[+-.]", "[!-/]",
        "(", ")", "|", "{", "}", "]", "[", "&", "%", ","
    ]
    static let quantifiers = ["", "", "", "?", "*", "+", "{2}", "{1,3}", "{0,}", "{2,}", "{0}", "{0,1}", "*?", "{,2}"]
    static let alphabet =
        Array("abcZ09-_. @/:#'=<~+*?()|]%,$^AzF".unicodeScalars).map(String.init)
        + ["\n", "é", "\t", "\u{85}"]

    @Test func agreesWithICUOnARandomCorpus() throws {
        var random = SeededRandom(seed: 0x5EED_0F15)
        var compared = 0
        for _ in 0..<3_000 {
            var source = random.chance(40) ? "^" : ""
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                source += random.pick(Self.atoms) + random.pick(Self.quantifiers)
            }
            if random.chance(40) { source += "$" }
            guard let regex = try? NSRegularExpression(pattern: source), let pattern = JSONSchemaSimplePattern(source)
            else { continue }
            for _ in 0..<40 {
                var text = ""
                for _ in 0..<Int.random(in: 0...8, using: &random) { text += random.pick(Self.alphabet) }
                guard let answer = pattern.matches(text) else { continue }
                let expected = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                #expect(answer == expected, "pattern \(source) on \(JSONWriter.string(.string(text)))")
                compared += 1
            }
        }
        // The corpus must actually exercise the fast path.
        #expect(compared > 20_000)
    }
}
