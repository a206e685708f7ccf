import Foundation
import Testing
import UnderstudyJSON

@Suite struct JSONEqualityMatchingTests {
    static let plainCases: [JSONEqualityCase] = [
        .init(
            name: "key order is irrelevant", expected: #"{"one":1,"two":2,"three":3}"#,
            actual: #"{"three":3,"one":1,"two":2}"#, matches: true),
        .init(name: "changed value", expected: #"{"a":1}"#, actual: #"{"a":2}"#, matches: false),
        .init(name: "trailing zeros", expected: #"{"a":1.2}"#, actual: #"{"a":1.2000000}"#, matches: true),
        .init(name: "integer and float spelling", expected: "1", actual: "1.0", matches: true),
        .init(name: "exponent spelling", expected: "[100]", actual: "[1e2]", matches: true),
        .init(name: "close but different decimals", expected: "0.1", actual: "0.10000000000000001", matches: false),
        .init(
            name: "big integers beyond Int64 compare exactly", expected: "123456789012345678901234567890",
            actual: "123456789012345678901234567891", matches: false),
        .init(
            name: "nested arrays in order", expected: "[[1,2],[3,[4,5]]]", actual: "[[1,2],[3,[4,5]]]", matches: true),
        .init(
            name: "nested arrays out of order", expected: "[[1,2],[3,[4,5]]]", actual: "[[1,2],[3,[5,4]]]",
            matches: false),
        .init(name: "array order matters by default", expected: "[1,2,3,4]", actual: "[1,3,2,4]", matches: false),
        .init(name: "shorter array", expected: "[1,2,3]", actual: "[1,2]", matches: false),
        .init(name: "longer array", expected: "[1,2]", actual: "[1,2,3]", matches: false),
        .init(name: "null vs missing member", expected: #"{"a":1,"b":null}"#, actual: #"{"a":1}"#, matches: false),
        .init(name: "extra null member", expected: #"{"a":1}"#, actual: #"{"a":1,"b":null}"#, matches: false),
        .init(name: "null equals null", expected: #"{"a":null}"#, actual: #"{"a":null}"#, matches: true),
        .init(name: "extra member", expected: #"{"a":1}"#, actual: #"{"a":1,"b":2}"#, matches: false),
        .init(
            name: "extra empty array member", expected: #"{"client":"AAA"}"#,
            actual: #"{"client":"AAA","addresses":[]}"#, matches: false),
        .init(name: "number vs numeric string", expected: #"{"a":1}"#, actual: #"{"a":"1"}"#, matches: false),
        .init(name: "true vs 1", expected: "true", actual: "1", matches: false),
        .init(name: "null vs false", expected: "null", actual: "false", matches: false),
        .init(name: "object vs array", expected: #"{"a":1}"#, actual: "[1]", matches: false),
        .init(name: "empty object vs empty array", expected: "{}", actual: "[]", matches: false),
        .init(name: "string case matters", expected: #""Tom""#, actual: #""tom""#, matches: false),
        .init(
            name: "deep difference", expected: #"{"outer":{"inner":{"wrong":1}}}"#,
            actual: #"{"outer":{"inner":{"thing":1}}}"#, matches: false),
        .init(
            name: "duplicate actual keys: the last wins", expected: #"{"a":2}"#, actual: #"{"a":1,"a":2}"#,
            matches: true)
    ]

    @Test(arguments: plainCases)
    func plainComparison(_ row: JSONEqualityCase) throws {
        #expect(try row.pattern().matches(row.actualValue()) == row.matches)
    }

    static let arrayOrderCases: [JSONEqualityCase] = [
        .init(
            name: "scalars reordered", expected: "[1,2,3,4]", actual: "[1,3,2,4]", ignoreArrayOrder: true, matches: true
        ),
        .init(
            name: "duplicates reordered", expected: "[1,1,2]", actual: "[2,1,1]", ignoreArrayOrder: true, matches: true),
        .init(
            name: "duplicate counts differ", expected: "[1,1,2]", actual: "[1,2,2]", ignoreArrayOrder: true,
            matches: false),
        .init(
            name: "numbers by value when reordered", expected: "[1,2.50]", actual: "[2.5,1.0]", ignoreArrayOrder: true,
            matches: true),
        .init(
            name: "objects reordered", expected: #"{"one":1,"two":[{"val":1},{"val":2},{"val":3}]}"#,
            actual: #"{"two":[{"val":3},{"val":2},{"val":1}],"one":1}"#, ignoreArrayOrder: true, matches: true),
        .init(
            name: "nested arrays reordered at every depth", expected: "[[1,2],[3,4]]", actual: "[[4,3],[2,1]]",
            ignoreArrayOrder: true, matches: true),
        .init(
            name: "letters swapped pairwise", expected: #"["a","b","c","d","e","f","g","h"]"#,
            actual: #"["b","a","d","c","e","f","g","h"]"#, ignoreArrayOrder: true, ignoreExtraElements: true,
            matches: true),
        .init(
            name: "still needs the same length", expected: "[1,2]", actual: "[2,1,3]", ignoreArrayOrder: true,
            matches: false),
        .init(
            name: "mixed kinds", expected: #"[null,true,"x",1,{"a":[1]},[2]]"#,
            actual: #"[[2],{"a":[1]},1,"x",true,null]"#, ignoreArrayOrder: true, matches: true),
        .init(
            name: "duplicate objects need distinct partners", expected: #"[{"a":1},{"a":1}]"#,
            actual: #"[{"a":1},{"a":2}]"#, ignoreArrayOrder: true, matches: false),
        // A greedy pairing gives the first expected element (any number) the actual 1 and strands the literal 1.
        .init(
            name: "placeholder must not steal a literal's partner", expected: #"["${json-unit.any-number}",1]"#,
            actual: "[1,2]", ignoreArrayOrder: true, matches: true),
        // Greedy: {"a":1,"b":ignore} would take the fuller element only if it tries it first; bipartite always works.
        .init(
            name: "bipartite pairing with ignoreExtraElements", expected: #"[{"a":1},{"a":1,"b":2}]"#,
            actual: #"[{"a":1,"b":2},{"a":1}]"#, ignoreArrayOrder: true, ignoreExtraElements: true, matches: true),
        .init(
            name: "bipartite pairing with placeholders",
            expected: #"[{"a":"${json-unit.any-number}"},{"a":1,"b":"${json-unit.any-string}"}]"#,
            actual: #"[{"a":1,"b":"x"},{"a":7}]"#, ignoreArrayOrder: true, matches: true),
        .init(
            name: "augmenting path needed",
            expected:
                #"[{"k":"${json-unit.any-number}"},{"k":"${json-unit.regex}[a-z]+"},{"k":"${json-unit.ignore}"}]"#,
            actual: #"[{"k":"abc"},{"k":null},{"k":5}]"#, ignoreArrayOrder: true, matches: true),
        .init(
            name: "earlier pairing must move over",
            expected: #"[{"k":"${json-unit.ignore}"},{"k":"${json-unit.any-number}"}]"#,
            actual: #"[{"k":5},{"k":"x"}]"#, ignoreArrayOrder: true, matches: true),
        .init(
            name: "no perfect pairing exists",
            expected: #"[{"k":"${json-unit.any-number}"},{"k":"${json-unit.any-number}"},{"k":"${json-unit.ignore}"}]"#,
            actual: #"[{"k":"abc"},{"k":null},{"k":5}]"#, ignoreArrayOrder: true, matches: false)
    ]

    @Test(arguments: arrayOrderCases)
    func ignoringArrayOrder(_ row: JSONEqualityCase) throws {
        #expect(try row.pattern().matches(row.actualValue()) == row.matches)
    }

    static let extraElementCases: [JSONEqualityCase] = [
        .init(
            name: "extra members", expected: #"{"one":1,"two":2}"#, actual: #"{"one":1,"five":5,"two":2,"six":6}"#,
            ignoreExtraElements: true, matches: true),
        .init(
            name: "extra nested members", expected: #"{"a":{"b":1}}"#, actual: #"{"a":{"b":1,"c":2},"d":3}"#,
            ignoreExtraElements: true, matches: true),
        .init(
            name: "extra null member is ignored", expected: #"{"a":1}"#, actual: #"{"a":1,"b":null}"#,
            ignoreExtraElements: true, matches: true),
        .init(
            name: "missing member still fails", expected: #"{"a":1,"b":2}"#, actual: #"{"a":1,"c":2}"#,
            ignoreExtraElements: true, matches: false),
        .init(
            name: "expected null, member missing, still fails", expected: #"{"a":1,"b":null}"#, actual: #"{"a":1}"#,
            ignoreExtraElements: true, matches: false),
        .init(
            name: "trailing array items", expected: "[1,2,3]", actual: "[1,2,3,4]", ignoreExtraElements: true,
            matches: true),
        .init(
            name: "leading array items are not ignored in order", expected: "[1,2,3]", actual: "[0,1,2,3]",
            ignoreExtraElements: true, matches: false),
        .init(
            name: "fewer array items fail", expected: "[1,2,3]", actual: "[1,2]", ignoreExtraElements: true,
            matches: false),
        .init(
            name: "any extra items when order is ignored", expected: "[1,2,3]", actual: "[5,5,4,4,3,3,2,2,1,1]",
            ignoreArrayOrder: true, ignoreExtraElements: true, matches: true),
        .init(
            name: "order and extra members together", expected: #"{"test":[{"key":1},{"key":2},{"key":3}]}"#,
            actual: #"{"test":[{"key":3},{"key":2,"extraField":2},{"key":1}]}"#, ignoreArrayOrder: true,
            ignoreExtraElements: true, matches: true),
        .init(
            name: "extra items never make up for a missing one", expected: "[1,2,9]", actual: "[5,4,3,2,1]",
            ignoreArrayOrder: true, ignoreExtraElements: true, matches: false),
        .init(
            name: "type still matters", expected: #"{"a":{}}"#, actual: #"{"a":[]}"#, ignoreExtraElements: true,
            matches: false)
    ]

    @Test(arguments: extraElementCases)
    func ignoringExtraElements(_ row: JSONEqualityCase) throws {
        #expect(try row.pattern().matches(row.actualValue()) == row.matches)
    }

    @Test func equalityComparesExpectedDocumentAndSwitches() throws {
        let a = try JSONEquality(expected: ["id": "abc", "name": "Tom"])
        let b = try JSONEquality(expected: ["name": "Tom", "id": "abc"])
        #expect(a == b)
        #expect(a != (try JSONEquality(expected: ["id": "123", "name": "Eric"])))
        #expect(a != (try JSONEquality(expected: ["id": "abc", "name": "Tom"], ignoreArrayOrder: true)))
        #expect(a != (try JSONEquality(expected: ["id": "abc", "name": "Tom"], ignoreExtraElements: true)))
        #expect(a.expected == ["id": "abc", "name": "Tom"])
    }
}
