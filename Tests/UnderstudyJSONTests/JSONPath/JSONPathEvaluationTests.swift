import Foundation
import Testing
import UnderstudyJSON

@Suite struct JSONPathEvaluationTests {
    /// Definite paths give one value, or nil when the path is not there.
    @Test(arguments: [
        ("$.store.bicycle.color", #""red""#),
        ("$.store.book[0].title", #""Sayings of the Century""#),
        ("$.store.book[-1].title", #""The Lord of the Rings""#),
        ("$['store']['bicycle']['price']", "19.95"),
        (#"$["store"].bicycle.color"#, #""red""#),
        ("$.['store'].bicycle.color", #""red""#),
        ("store.bicycle.color", #""red""#),
        ("  $.expensive  ", "10"),
        ("$.store.book[0]['title','price']", #"{"title": "Sayings of the Century", "price": 8.95}"#),
        ("$.store.bicycle['color','gears']", #"{"color": "red"}"#)
    ])
    func definitePathFindsOneValue(_ expression: String, _ expected: String) throws {
        let path = try JSONPath(expression)
        #expect(path.isDefinite)
        #expect(path.evaluate(try JSONPathFixtures.store()) == .definite(try JSONParser.parse(expected)))
    }

    @Test(arguments: [
        "$.store.missing", "$.store.book[4]", "$.store.book[-5]", "$.expensive.value",
        "$.store.book.title", "$.store.bicycle[0]", "$.store.bicycle.color.length()"
    ])
    func missingDefinitePathIsNil(_ expression: String) throws {
        #expect(try JSONPath(expression).evaluate(JSONPathFixtures.store()) == .definite(nil))
    }

    @Test func presentNullIsNotMissing() throws {
        let document = try JSONParser.parse(#"{"a": null, "list": [null]}"#)
        #expect(try JSONPath("$.a").evaluate(document) == .definite(.null))
        #expect(try JSONPath("$.list[0]").evaluate(document) == .definite(.null))
        #expect(try JSONPath("$.list[1]").evaluate(document) == .definite(nil))
        #expect(try JSONPath("$.b").evaluate(document) == .definite(nil))
    }

    /// The answers Jayway's README documents for its example store.
    @Test(arguments: [
        ("$.store.book[*].author", #"["Nigel Rees", "Evelyn Waugh", "Herman Melville", "J. R. R. Tolkien"]"#),
        ("$..author", #"["Nigel Rees", "Evelyn Waugh", "Herman Melville", "J. R. R. Tolkien"]"#),
        ("$.store..price", "[8.95, 12.99, 8.99, 22.99, 19.95]"),
        ("$..book[2].title", #"["Moby Dick"]"#),
        ("$..book[-2].title", #"["Moby Dick"]"#),
        ("$..book[0,1].title", #"["Sayings of the Century", "Sword of Honour"]"#),
        ("$..book[ 2 , 0 ].title", #"["Moby Dick", "Sayings of the Century"]"#),
        ("$..book[:2].title", #"["Sayings of the Century", "Sword of Honour"]"#),
        ("$..book[1:2].title", #"["Sword of Honour"]"#),
        ("$..book[-2:].title", #"["Moby Dick", "The Lord of the Rings"]"#),
        ("$..book[2:].title", #"["Moby Dick", "The Lord of the Rings"]"#),
        ("$.store.book[1:100].price", "[12.99, 8.99, 22.99]"),
        ("$.store.book[3:1]", "[]"),
        ("$..book[?(@.isbn)].title", #"["Moby Dick", "The Lord of the Rings"]"#),
        ("$..book[?(!@.isbn)].title", #"["Sayings of the Century", "Sword of Honour"]"#),
        ("$.store.book[?(@.price < 10)].title", #"["Sayings of the Century", "Moby Dick"]"#),
        ("$..book[?(@.price <= $['expensive'])].title", #"["Sayings of the Century", "Moby Dick"]"#),
        ("$..book[?(@.author =~ /.*REES/i)].title", #"["Sayings of the Century"]"#),
        ("$..book[?(@.category == 'fiction' && @.price > 10)].title", #"["Sword of Honour", "The Lord of the Rings"]"#),
        (
            "$..book[?(@.category == 'reference' || @.price > 20)].title",
            #"["Sayings of the Century", "The Lord of the Rings"]"#
        ),
        ("$..[?(@.color)].price", "[19.95]"),
        ("$.store.bicycle[?(@.color == 'red')].price", "[19.95]"),
        ("$.store.bicycle[?(@.color == 'blue')]", "[]"),
        ("$.expensive[?(@ > 1)]", "[]"),
        ("$.store.book[*].isbn", #"["0-553-21311-3", "0-395-19395-8"]"#),
        ("$..nothing", "[]"),
        ("$.*.bicycle.color", #"["red"]"#),
        ("$[*].bicycle.color", #"["red"]"#),
        ("$.store['bicycle','book'].color", #"["red"]"#)
    ])
    func indefinitePathFindsEveryValueInOrder(_ expression: String, _ expected: String) throws {
        let path = try JSONPath(expression)
        #expect(!path.isDefinite)
        #expect(
            path.evaluate(try JSONPathFixtures.store()) == .indefinite(try JSONParser.parse(expected).arrayValue ?? []))
    }

    @Test func wildcardGivesMemberValuesInDocumentOrder() throws {
        let store = try JSONPathFixtures.store()
        let found = try JSONPath("$.store.*").evaluate(store).values
        #expect(found == [store["store"]?["book"], store["store"]?["bicycle"]].compactMap { $0 })
    }

    @Test func deepScanVisitsEachNodeBeforeItsDescendants() throws {
        let document = try JSONParser.parse(
            #"""
            {"name": "a", "child": {"name": "b", "list": [{"name": "c"}]}, "tail": {"name": "d"}}
            """#)
        #expect(try JSONPathFixtures.found("$..name", in: document) == ["a", "b", "c", "d"])
    }

    @Test func deepScanWildcardListsChildrenThenDescends() throws {
        let document = try JSONParser.parse(#"{"a": {"b": 1}, "c": [2]}"#)
        #expect(try JSONPathFixtures.found("$..*", in: document) == JSONParser.parse(#"[{"b": 1}, [2], 1, 2]"#))
    }

    @Test func deepScanIndexAppliesToEveryArray() throws {
        let document = try JSONParser.parse(#"{"a": [1, [2, 3]], "b": {"c": [4]}}"#)
        #expect(try JSONPathFixtures.found("$..[0]", in: document) == [1, 2, 4])
    }

    @Test func deepScanFilterFindsMatchingObjectsAtAnyDepth() throws {
        let document = try JSONParser.parse(#"{"id": 1, "x": [{"id": 1}, {"id": 2, "y": {"id": 1}}]}"#)
        #expect(
            try JSONPathFixtures.found("$..[?(@.id == 1)]", in: document)
                == JSONParser.parse(#"[{"id": 1, "x": [{"id": 1}, {"id": 2, "y": {"id": 1}}]}, {"id": 1}, {"id": 1}]"#))
    }

    @Test func deepScanFindsNullValues() throws {
        let document = try JSONParser.parse(#"{"a": {"x": null}}"#)
        #expect(try JSONPath("$..x").evaluate(document) == .indefinite([.null]))
    }

    @Test func filterInsideFilterPathCanReachTheRoot() throws {
        let document = try JSONParser.parse(#"{"min": 2, "rows": [{"v": [1, 2]}, {"v": [3]}]}"#)
        #expect(
            try JSONPathFixtures.found("$.rows[?(@.v[?(@ >= $.min)])]", in: document)
                == JSONParser.parse(#"[{"v": [1, 2]}, {"v": [3]}]"#))
        #expect(
            try JSONPathFixtures.found("$.rows[?(@.v[0] >= $.min)]", in: document)
                == JSONParser.parse(#"[{"v": [3]}]"#))
    }

    @Test func evaluationWorksOnScalarRoots() throws {
        #expect(try JSONPath("$").evaluate("text") == .definite("text"))
        #expect(try JSONPath("$.a").evaluate(7) == .definite(nil))
        #expect(try JSONPath("$[*]").evaluate(.null) == .indefinite([]))
        #expect(try JSONPath("$[0]").evaluate([5, 6]) == .definite(5))
    }
}
