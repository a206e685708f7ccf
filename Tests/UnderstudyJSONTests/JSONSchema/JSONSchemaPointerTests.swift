import Foundation
import RandomSupport
import Testing
import UnderstudyJSON

/// The byte-level pointer splitting, unescaping and escaping against the Foundation string
/// replacing they replaced, on a random corpus of the characters that matter.
@Suite struct JSONSchemaPointerTests {
    /// The previous implementation, kept as the reference.
    static func referenceTokens(_ fragment: String) -> [String]? {
        let decoded = fragment.removingPercentEncoding ?? fragment
        if decoded.isEmpty { return [] }
        guard decoded.hasPrefix("/") else { return nil }
        return decoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { token in
            token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    static func referenceEscape(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    @Test func agreesWithFoundationOnARandomCorpus() {
        let alphabet = [
            "/", "~", "0", "1", "2", "a", "%", "2F", "7E", "é", "{", "}", " ", "%C3%A9", "%E", "\u{301}", "e\u{301}"
        ]
        var random = SeededRandom(seed: 0x9017_7E5)
        for _ in 0..<20_000 {
            var text = random.chance(80) ? "/" : ""
            for _ in 0..<Int.random(in: 0...8, using: &random) { text += random.pick(alphabet) }
            #expect(JSONSchemaPointer.tokens(fromFragment: text) == Self.referenceTokens(text), "\(text)")
            #expect(JSONSchemaPointer.escape(text) == Self.referenceEscape(text), "\(text)")
        }
    }

    @Test func aPointerRoundTripsThroughItsString() {
        let tokens = ["paths", "/a/{id}", "~x", "", "é~1"]
        #expect(JSONSchemaPointer.tokens(fromFragment: JSONSchemaPointer.string(tokens)) == tokens)
    }
}
