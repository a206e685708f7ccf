import Foundation
import Testing

@testable import UnderstudyJSON

/// Hostile or pathological input is refused with an error, or evaluated without trapping.
@Suite struct JSONPathRobustnessTests {
    @Test func deepFilterNestingIsRefused() {
        let nested = String(repeating: "(", count: 100) + "@.a" + String(repeating: ")", count: 100)
        #expect {
            try JSONPath("$[?\(nested)]")
        } throws: { error in
            (error as? JSONPathError)?.message.contains("nests") == true
        }
        #expect(throws: JSONPathError.self) {
            try JSONPath("$[?(" + String(repeating: "!", count: 10_000) + "@.a)]")
        }
        let filters = String(repeating: "[?(@", count: 50) + String(repeating: ")]", count: 50)
        #expect(throws: JSONPathError.self) { try JSONPath("$" + filters) }
    }

    @Test func modestNestingIsAccepted() throws {
        let nested = String(repeating: "(", count: 20) + "@.a" + String(repeating: ")", count: 20)
        #expect(try JSONPath("$[?\(nested)]").hasMatch([["a": 1]]))
    }

    @Test func longPathsCompileAndRun() throws {
        let path = try JSONPath("$" + String(repeating: ".a", count: 5_000))
        #expect(path.evaluate(["a": 1]) == .definite(nil))
    }

    @Test func deepScanOfADeepDocumentDoesNotRecurse() throws {
        var document: JSONValue = ["x": 1]
        for _ in 0..<3_000 { document = [document] }
        #expect(try JSONPath("$..x").evaluate(document) == .indefinite([1]))
    }

    @Test func typeMismatchesNeverTrap() throws {
        let document = try JSONParser.parse(#"[1, "1", true, null, [], {}, 1e400, -0.0, "1e999"]"#)
        for op in RelationalOperator.allCases {
            for literal in ["1", "'1'", "true", "null", "[1]", "{}", "1e999", "$", "@", "/1/"] {
                let filter = "$[?(@ \(op.rawValue) \(literal))]"
                _ = try JSONPath(filter).evaluate(document)
                _ = try JSONPath("$[?(\(literal) \(op.rawValue) @)]").evaluate(document)
            }
        }
    }

    @Test func regexIsCompiledOnceAtInit() throws {
        #expect(throws: JSONPathError.self) { try JSONPath("$[?(@ =~ /(unclosed/)]") }
        #expect(throws: JSONPathError.self) { try JSONPath("$[?(@ =~ /a)|(b/)]") }
    }
}
