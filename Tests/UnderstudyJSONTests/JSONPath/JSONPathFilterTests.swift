import Foundation
import Testing
import UnderstudyJSON

/// Each filter operator against the same three items; the answer is the ids that pass.
@Suite struct JSONPathFilterTests {
    @Test(arguments: [
        // == and != as Jayway's evaluators define them
        ("@.id == 2", [2]),
        ("@.id == '2'", [2]),  // a number on the left equals a string reading as that number
        ("@.code == 10", [1]),  // a string on the left equals a number written the same way
        ("@.price == 10", [1]),
        ("@.price == 10.0", [1]),
        ("@.name == \"apple\"", [1]),
        ("@.id != 2", [1, 3]),
        ("@.missing != 2", [1, 2, 3]),  // a missing value equals nothing
        ("@.missing == null", []),
        ("@.note == null", [1]),
        ("@.ok == true", [1]),
        ("@.sizes == {'s': 1}", [3]),
        ("@.tags == ['red', 'fruit']", [1]),
        ("@.id === 2", [2]),
        ("@.id === '2'", []),
        ("@.id !== 2", [1, 3]),
        // ordering: numbers with numbers, strings with strings, nothing across types
        ("@.price < 5", [2]),
        ("@.price >= 2.5", [1, 2]),
        ("@.price > 'a'", [3]),
        ("@.name > 'a'", [1]),
        ("@.price <= $.limit", [2]),
        ("@.id > -1", [1, 2, 3]),
        ("@.missing < 5", []),
        ("@.price > 1 && @.price < 3", [2]),
        // regular expressions must match the whole text
        ("@.name =~ /app.*/", [1]),
        ("@.name =~ /pp/", []),
        ("@.name =~ /BANANA/i", [2]),
        ("@.id =~ /[12]/", [1, 2]),
        ("@.ok =~ /tr.*/", [1]),
        ("@.tags =~ /yel.*/", [2]),
        ("@.missing =~ /.*/", [1, 2, 3]),  // Jayway matches a missing value as ""
        // list operators
        ("@.name in ['apple', 'cherry']", [1]),
        ("@.name in $.wanted", [1]),
        ("@.id in [1, 3]", [1, 3]),
        ("@.id IN [1]", [1]),
        ("@.name nin ['apple']", [2, 3]),
        ("@.tags subsetof ['red', 'fruit', 'green']", [1, 3]),
        ("@.tags anyof ['yellow', 'blue']", [2]),
        ("@.tags noneof ['red']", [2, 3]),
        ("@.tags contains 'fruit'", [1, 2]),
        ("@.name contains 'an'", [2]),
        ("@.tags all ['fruit', 'red']", [1]),
        ("@.tags size 2", [1, 2]),
        ("@.name size 6", [2]),
        ("@.tags empty true", [3]),
        ("@.tags empty false", [1, 2]),
        ("@.name empty true", [3]),
        // existence, functions and paths inside filters
        ("@.note", [1]),
        ("!@.note", [2, 3]),
        ("@.ok", [1, 2]),
        ("@.tags.length() == 2", [1, 2]),
        ("@['id'] == 1", [1]),
        ("@.tags[0] == 'red'", [1]),
        ("@.tags[*] == 'red'", []),
        // logic: && binds tighter than ||, ! and parentheses
        ("@.id == 3 || @.id == 1 && @.ok == false", [3]),
        ("(@.id == 1 || @.id == 2) && @.ok == false", [2]),
        ("!(@.id == 1)", [2, 3]),
        ("1 == 1", [1, 2, 3]),
        ("@.id==1", [1]),
        ("  @.id  ==  1  ", [1])
    ])
    func operatorSelectsItems(_ filter: String, _ ids: [Int]) throws {
        let found = try JSONPath("$.items[?(\(filter))].id").evaluate(JSONPathFixtures.items())
        #expect(found == .indefinite(ids.map(JSONValue.int)))
    }

    /// Numbers too close for doubles to tell apart still compare by exact value.
    @Test func numbersCompareExactly() throws {
        let document = try JSONParser.parse("[12345678901234567890, 12345678901234567891, 0.10, 1e2]")
        #expect(
            try JSONPathFixtures.found("$[?(@ > 12345678901234567890)]", in: document)
                == JSONParser.parse("[12345678901234567891]"))
        #expect(
            try JSONPathFixtures.found("$[?(@ == 12345678901234567891)]", in: document)
                == JSONParser.parse("[12345678901234567891]"))
        #expect(try JSONPathFixtures.found("$[?(@ == 0.1)]", in: document) == JSONParser.parse("[0.10]"))
        #expect(try JSONPathFixtures.found("$[?(@ == '100')]", in: document) == JSONParser.parse("[1e2]"))
    }

    @Test func escapedQuotesInStringLiterals() throws {
        let document = try JSONParser.parse(#"[{"n": "it's"}, {"n": "say \"hi\""}]"#)
        #expect(try JSONPathFixtures.found(#"$[?(@.n == 'it\'s')].n"#, in: document) == ["it's"])
        #expect(try JSONPathFixtures.found(#"$[?(@.n == "say \"hi\"")].n"#, in: document) == [#"say "hi""#])
    }

    @Test func regexMayContainEscapedSlashes() throws {
        let document = try JSONParser.parse(#"[{"p": "a/b"}, {"p": "ab"}]"#)
        #expect(try JSONPathFixtures.found(#"$[?(@.p =~ /a\/b/)].p"#, in: document) == ["a/b"])
    }

    @Test func regexAlternationMatchesWholeText() throws {
        let document: JSONValue = ["ab", "a", "abc"]
        #expect(try JSONPathFixtures.found("$[?(@ =~ /a|ab/)]", in: document) == ["ab", "a"])
    }
}
