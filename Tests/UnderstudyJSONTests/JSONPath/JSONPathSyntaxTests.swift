import Foundation
import Testing
import UnderstudyJSON

@Suite struct JSONPathSyntaxTests {
    @Test(arguments: [
        "$", "$.a", "$.a.b", "$['a']", "$[0]", "$.a[-1]", "$.a.length()", "$..a.sum()", "$['a','b']",
        "a.b", "@.a", "$.a-b.@type"
    ])
    func definitePaths(_ expression: String) throws {
        #expect(try JSONPath(expression).isDefinite)
    }

    @Test(arguments: [
        "$.*", "$[*]", "$..a", "$.a[0,1]", "$.a[1:2]", "$.a[:1]", "$.a[?(@.b)]", "$['a','b'].c",
        "$.a[*].length()", "$..[0]"
    ])
    func indefinitePaths(_ expression: String) throws {
        #expect(try !JSONPath(expression).isDefinite)
    }

    @Test(arguments: [
        "$.['a']", " $.a ", #"$[ 'a' , "b" ]"#, "$[ 0 , 1 ]", "$.a-b", "$.@type", "$[?(@.a==1)]",
        "$[?( @.a == 1 )]", "$.a[?(@.b in ['x', \"y\"])]", #"$[?(@.a =~ /a\/b/)]"#, "$[?(@.a =~ /x/imsx)]",
        "$..['a']", "$..*", "$[:]", "$[?(@.a == +1.5e3)]", "$[?(@.a == .5)]", "@", "$[-1:]",
        "$[?(@.a && (@.b || !@.c))]", "$[?(@.a == {\"k\": [1, 'two']})]"
    ])
    func acceptsJaywaySyntax(_ expression: String) throws {
        #expect(try JSONPath(expression).expression == expression)
    }

    @Test(arguments: [
        "", "   ", "$.", "$..", "$...a", "$.a.", "$[", "$['a'", "$['a]", "$[abc]", "$[?(@.a == 1]",
        "$[?(@.a ==)]", "$[?(@.a <> 1)]", "$[?(@.a like 1)]", "$[?(@.a =~ /[/)]", "$[?(@.a =~ /abc)]",
        "$[?(@.a =~ /a/q)]", "$[?(@.a == 'x)]", "$[?(@.a == [1,)]", "$.a.foo()", "$.a.length().b",
        "$.a.sum(1)", "$a", "$.a b", "$[1:2:3]", "$[-]", "$[1,]", "$[99999999999999999999]", "$[?@.a]",
        "$[?(1)]", "$[?(@.a && )]", "$[?(@.a & @.b)]", "$..length()", "$[?((@.a)]", "$[?(@.a)]]",
        "$[?(@.a == tru)]", "$[?(@.a == 1.2.3)]", "$['a'] b", "$[?(@.a == 'x' @.b)]", "$[?(@.a == \\u)]",
        "[", "]", ")", "$)", "$[?(", "$[?(@", "$[?(@.a ==", "$[?(@.a in {", "$['\\u12']"
    ])
    func rejectsMalformedExpressions(_ expression: String) {
        #expect(throws: JSONPathError.self) { try JSONPath(expression) }
    }

    @Test(arguments: [
        ("$.a b", 3),
        ("$[?(@.a like 1)]", 8),
        ("$.a.foo()", 4),
        ("$[abc]", 2),
        ("$[?(@.a == 'x)]", 11)
    ])
    func errorsSayWhere(_ expression: String, _ position: Int) {
        do {
            _ = try JSONPath(expression)
            Issue.record("expected \(expression) to be rejected")
        } catch let error as JSONPathError {
            #expect(error.position == position)
            #expect(error.description.contains("position \(position)"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func errorMessagesNameTheProblem() {
        #expect(throws: JSONPathError(message: "The JSONPath expression is empty", position: nil)) {
            try JSONPath("")
        }
        #expect {
            try JSONPath("$.a.median()")
        } throws: { error in
            (error as? JSONPathError)?.message.contains("Unknown function median()") == true
        }
        #expect {
            try JSONPath("$[?(@.a like 1)]")
        } throws: { error in
            (error as? JSONPathError)?.message == "Filter operator 'like' is not supported"
        }
    }

    @Test func pathWithoutRootIsReadFromTheRoot() throws {
        let document: JSONValue = ["a": ["b": 1], "list": [10, 20]]
        #expect(try JSONPath("a.b").evaluate(document) == .definite(1))
        #expect(try JSONPath("list[1]").evaluate(document) == .definite(20))
        #expect(try JSONPath("['a']").evaluate(document) == .definite(["b": 1]))
        #expect(try JSONPath("*").evaluate(document).values.count == 2)
    }

    @Test func quotedNamesMayHoldAnyCharacter() throws {
        let document = try JSONParser.parse(#"{"a b": 1, "x.y": 2, "it's": 3, "[*]": 4, "é\n": 5}"#)
        #expect(try JSONPath(#"$["a b"]"#).evaluate(document) == .definite(1))
        #expect(try JSONPath("$['x.y']").evaluate(document) == .definite(2))
        #expect(try JSONPath(#"$['it\'s']"#).evaluate(document) == .definite(3))
        #expect(try JSONPath("$['[*]']").evaluate(document) == .definite(4))
        #expect(try JSONPath(#"$['\u00e9\n']"#).evaluate(document) == .definite(5))
    }

    @Test func equalityAndDescriptionUseTheExpression() throws {
        #expect(try JSONPath("$.a") == JSONPath("$.a"))
        #expect(try JSONPath("$.a") != JSONPath("$['a']"))
        #expect(try JSONPath("$.a[?(@.b)]").description == "$.a[?(@.b)]")
    }
}
