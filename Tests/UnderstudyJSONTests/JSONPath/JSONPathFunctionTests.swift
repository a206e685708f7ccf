import Foundation
import Testing

@testable import UnderstudyJSON

@Suite struct JSONPathFunctionTests {
    static let documentText = #"""
        {"nums": [1, 2, 3, 4], "mixed": [1, "a", 2.5, null, true], "empty": [], "obj": {"a": 1, "b": 2},
         "s": "hello", "rows": [{"v": [1, 2]}, {"v": [3]}, {"v": "x"}]}
        """#

    /// Numeric functions answer in Java's `Double` text, because WireMock stringifies results.
    @Test(arguments: [
        ("$.nums.length()", "4"),
        ("$.nums.size()", "4"),
        ("$.obj.length()", "2"),
        ("$.empty.length()", "0"),
        ("$.nums.min()", "1.0"),
        ("$.nums.max()", "4.0"),
        ("$.nums.sum()", "10.0"),
        ("$.nums.avg()", "2.5"),
        ("$.nums.stddev()", "1.118033988749895"),
        ("$.mixed.sum()", "3.5")
    ])
    func numericResults(_ expression: String, _ text: String) throws {
        let result = try JSONPath(expression).evaluate(JSONParser.parse(Self.documentText))
        guard case .definite(.number(let number)?) = result else {
            Issue.record("expected a number from \(expression), got \(result)")
            return
        }
        #expect(number.text == text)
    }

    @Test(arguments: [
        ("$.obj.keys()", #"["a", "b"]"#),
        ("$.nums.first()", "1"),
        ("$.nums.last()", "4"),
        ("$.mixed.last()", "true")
    ])
    func valueResults(_ expression: String, _ expected: String) throws {
        let result = try JSONPath(expression).evaluate(JSONParser.parse(Self.documentText))
        #expect(result == .definite(try JSONParser.parse(expected)))
    }

    /// Jayway gives null where a function does not apply; the path then finds nothing.
    @Test(arguments: [
        "$.s.length()", "$.empty.sum()", "$.empty.first()", "$.s.min()", "$.nums.keys()", "$.obj.avg()",
        "$.missing.length()"
    ])
    func functionThatDoesNotApplyFindsNothing(_ expression: String) throws {
        #expect(try JSONPath(expression).evaluate(JSONParser.parse(Self.documentText)) == .definite(nil))
    }

    @Test func functionAfterIndefinitePathAppliesToEachValue() throws {
        let result = try JSONPath("$.rows[*].v.length()").evaluate(JSONParser.parse(Self.documentText))
        #expect(result == .indefinite([2, 1]))
    }

    /// Jayway rewrites `$..x.fn()` as `fn($..x)`; `length()` then counts the children found.
    @Test func functionAfterLeadingDeepScanSeesEveryValue() throws {
        let store = try JSONPathFixtures.store()
        #expect(try JSONPath("$..book.length()").evaluate(store) == .definite(4))
        let max = try JSONPath("$..price.max()").evaluate(store)
        #expect(max == .definite(.number(JSONNumber(literal: "22.99"))))
        let min = try JSONPath("$..price.min()").evaluate(store)
        #expect(min.values.first?.numberValue?.text == "8.95")
    }

    @Test(arguments: [
        (3.0, "3.0"), (0.5, "0.5"), (-2.5, "-2.5"), (0.0, "0.0"), (0.001, "0.001"), (1e7, "1.0E7"),
        (12345678.9, "1.23456789E7"), (0.0001, "1.0E-4"), (1.5e-5, "1.5E-5"), (1e21, "1.0E21"),
        (-3.25e-10, "-3.25E-10"), (9999999.0, "9999999.0")
    ])
    func doublesAreWrittenAsJavaWritesThem(_ value: Double, _ text: String) {
        #expect(JavaDoubleText.string(value) == text)
    }

    @Test func nonFiniteDoublesHaveNoJSONText() {
        #expect(JavaDoubleText.string(.infinity) == nil)
        #expect(JavaDoubleText.string(.nan) == nil)
    }
}
