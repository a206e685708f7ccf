import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyCore

@Suite struct TemplateHelperTests {
    let json = LoggedRequest(
        method: "POST", url: "/", headers: ["Content-Type": "application/json"],
        body: Data(#"{"name":"Ann","age":30,"items":[{"id":1},{"id":2}],"outer":{"inner":"x"}}"#.utf8))

    @Test func jsonPath() throws {
        #expect(try render("{{jsonPath request.body '$.name'}}", json) == "Ann")
        #expect(try render("{{jsonPath request.body '$.age'}}", json) == "30")
        #expect(try render("{{{jsonPath request.body '$.outer'}}}", json) == #"{"inner":"x"}"#)
        #expect(try render("{{{jsonPath request.body '$.items[*].id'}}}", json) == "[1,2]")
        #expect(try render("{{jsonPath request.body '$.nope' default='none'}}", json) == "none")
        #expect(try render("{{#each (jsonPath request.body '$.items')}}{{id}},{{/each}}", json) == "1,2,")
        #expect(try render("{{jsonPath request.body '$.['}}", json).hasPrefix("[ERROR: $.[ is not a valid JSONPath"))
        // WireMock 2: an empty or non-JSON input gives "" (a GET has an empty body).
        #expect(try render("{{jsonPath 'not json' '$.a'}}", json) == "")
        #expect(try render("[{{jsonPath request.body '$.a'}}]", LoggedRequest(method: "GET", url: "/")) == "[]")
        // `request.path` is its list of segments.
        let deep = LoggedRequest(method: "GET", url: "/api/v1/users/42?x=1")
        #expect(try render("{{jsonPath request.path '[3]'}}", deep) == "42")
        #expect(try render("{{jsonPath request.path '$.length()'}}", deep) == "4")
    }

    @Test func xPath() throws {
        let xml = LoggedRequest(method: "POST", url: "/", body: Data("<a><b>one</b><b>two</b></a>".utf8))
        #expect(try render("{{xPath request.body '/a/b/text()'}}", xml) == "one")
        #expect(try render("{{#each (xPath request.body '/a/b/text()')}}{{this}};{{/each}}", xml) == "one;two;")
        let soap = LoggedRequest(
            method: "POST", url: "/", body: Data("<Envelope><Body><m>v</m></Body></Envelope>".utf8))
        #expect(try render("{{soapXPath request.body '/m/text()'}}", soap) == "v")
    }

    @Test func randomValueIsLowerCaseUnlessAskedForUpperCase() throws {
        let alnum = try render("{{randomValue length=33 type='ALPHANUMERIC'}}")
        #expect(alnum.count == 33 && alnum == alnum.lowercased())
        let upper = try render("{{randomValue length=20 type='ALPHABETIC' uppercase=true}}")
        #expect(upper.count == 20 && upper.allSatisfy { $0.isUppercase })
        #expect(try render("{{randomValue length=8 type='NUMERIC'}}").allSatisfy(\.isNumber))
        #expect(
            try render("{{randomValue length=8 type='HEXADECIMAL'}}").allSatisfy { "0123456789abcdef".contains($0) })
        let uuid = try render("{{randomValue type='UUID'}}")
        #expect(UUID(uuidString: uuid) != nil && uuid == uuid.lowercased())
        let symbols = try render("{{{randomValue length=50 type='ALPHANUMERIC_AND_SYMBOLS'}}}")
        #expect(symbols.count == 50 && symbols.unicodeScalars.allSatisfy { (33...126).contains($0.value) })
        #expect(try render("{{randomValue}}").count == 36)
        #expect(try render("{{randomValue length=-1}}").hasPrefix("[ERROR"))
    }

    @Test func randomIntAndDecimalStayInBounds() throws {
        for _ in 0..<50 {
            let i = try #require(Int(try render("{{randomInt lower=5 upper=9}}")))
            #expect((5..<9).contains(i))
            let d = try #require(Double(try render("{{randomDecimal lower=-1.5 upper=2.5}}")))
            #expect(d >= -1.5 && d <= 2.5)
        }
        #expect(try render("{{randomInt lower=3 upper=3}}").hasPrefix("[ERROR"))
    }

    @Test func pickRandom() throws {
        #expect(["a", "b", "c"].contains(try render("{{pickRandom 'a' 'b' 'c'}}")))
        #expect(["1", "2"].contains(try render("{{pickRandom (array 1 2)}}")))
    }

    @Test func nowWithOffsetFormatEpochUnixAndTimezone() throws {
        // 2023-11-14T22:13:20Z
        #expect(try render("{{now}}") == "2023-11-14T22:13:20Z")
        #expect(try render("{{now offset='3 days' format='yyyy-MM-dd'}}") == "2023-11-17")
        #expect(try render("{{now offset='-1 months' format='yyyy-MM-dd HH:mm'}}") == "2023-10-14 22:13")
        #expect(try render("{{now format='epoch'}}") == "1700000000000")
        #expect(try render("{{now format='unix'}}") == "1700000000")
        #expect(try render("{{now timezone='Australia/Sydney'}}") == "2023-11-15T09:13:20+11:00")
        #expect(
            try render("{{now timezone='Australia/Sydney' format='EEE, d MMM yyyy HH:mm:ss Z'}}")
                == "Wed, 15 Nov 2023 09:13:20 +1100")
        #expect(try render("{{now format=\"yyyy-MM-dd'T'HH:mm:ss.SSSXXX\"}}") == "2023-11-14T22:13:20.000Z")
        #expect(templateError("{{now timezone='Mars/Olympus'}}")?.message == "Unknown time-zone ID: Mars/Olympus")
        #expect(templateError("{{now offset='3 fortnights'}}") != nil)
    }

    @Test func dateParseDateAndTruncateDate() throws {
        #expect(
            try render("{{date (parseDate '2021-06-14T10:00:00Z') offset='1 days' format='dd/MM/yyyy'}}")
                == "15/06/2021")
        #expect(try render("{{parseDate '14/06/2021' format='dd/MM/yyyy'}}") == "2021-06-14T00:00:00Z")
        #expect(try render("{{date (parseDate '1623664800' format='unix') format='epoch'}}") == "1623664800000")
        #expect(
            try render("{{truncateDate (parseDate '2021-06-14T10:11:12Z') 'first day of month'}}")
                == "2021-06-01T00:00:00Z")
        #expect(try render("{{date (truncateDate (now) 'first hour of day') format='HH:mm'}}") == "00:00")
        #expect(try render("{{parseDate 'garbage'}}").hasPrefix("[ERROR"))
    }

    @Test func math() throws {
        #expect(try render("{{math 1 '+' 2}}") == "3")
        #expect(try render("{{math 10 '-' 12}}") == "-2")
        #expect(try render("{{math 6 '*' 7}} {{math 6 'x' 7}}") == "42 42")
        #expect(try render("{{math 10 '/' 4}}") == "3")
        #expect(try render("{{math 10 '%' 4}}") == "2")
        #expect(try render("{{math 1.5 '+' 1}}") == "2.5")
        #expect(try render("{{math '7' '+' 1}}") == "8")
        #expect(try render("{{math 1 '/' 0}}").hasPrefix("[ERROR"))
        #expect(try render("{{math 1 '^' 2}}") == "[ERROR: ^ is not a valid mathematical operator]")
    }

    @Test func rangeAndArray() throws {
        #expect(try render("{{range 3 6}}") == "[3, 4, 5, 6]")
        #expect(try render("{{array 1 'two' true}}") == "[1, two, true]")
        #expect(try render("{{#each (range 1 3)}}{{this}}{{/each}}") == "123")
        #expect(try render("{{range 1 100000000}}").hasPrefix("[ERROR"))
    }

    @Test func parseJsonAndToJsonAndFormatJson() throws {
        #expect(try render("{{#parseJson 'obj'}}{\"a\":{\"b\":[1,2]}}{{/parseJson}}{{obj.a.b.[1]}}") == "2")
        #expect(try render("{{parseJson request.body 'doc'}}{{doc.name}}", json) == "Ann")
        #expect(
            try render("{{{toJson (parseJson request.body)}}}", json)
                == #"{"name":"Ann","age":30,"items":[{"id":1},{"id":2}],"outer":{"inner":"x"}}"#)
        #expect(try render("{{{toJson (array 1 'a')}}}") == #"[1,"a"]"#)
        // An empty or absent body (a GET's) parses to an empty object, as WireMock 3's helper does.
        #expect(try render("[{{parseJson request.body 'doc'}}{{doc.name}}]") == "[]")
        #expect(try render("{{{toJson (parseJson request.body)}}}") == "{}")
        #expect(try render("{{#parseJson 'obj'}}  {{/parseJson}}{{{toJson obj}}}") == "{}")
        #expect(try render("{{parseJson 'nope'}}").hasPrefix("[ERROR"))
        #expect(try render("{{{formatJson '{\"a\":1}'}}}") == "{\n  \"a\" : 1\n}")
        #expect(try render("{{{formatJson '{ \"a\" : 1 }' format='compact'}}}") == #"{"a":1}"#)
    }

    @Test func regexExtractAndMatches() throws {
        #expect(try render("{{regexExtract 'abc-123-def' '[0-9]+'}}") == "123")
        #expect(
            try render("{{regexExtract 'a1b2' '([a-z])([0-9])' 'parts'}}{{parts.0}}{{parts.1}}{{parts.3}}") == "a12")
        #expect(try render("{{regexExtract 'abc' '[0-9]+'}}") == "[ERROR: Nothing matched [0-9]+]")
        #expect(try render("{{regexExtract 'abc' '[0-9]+' default='none'}}") == "none")
        #expect(try render("{{matches 'abc' '[a-z]+'}} {{matches 'abc1' '[a-z]+'}}") == "true false")
        #expect(try render("{{#matches 'x' 'x'}}yes{{else}}no{{/matches}}") == "yes")
    }

    @Test func containsAndSize() throws {
        #expect(try render("{{contains 'abcde' 'bcd'}} {{contains (array 'a' 'b') 'c'}}") == "true false")
        #expect(try render("{{#contains request.body 'Ann'}}has{{/contains}}", json) == "has")
        #expect(try render("{{size 'hello'}} {{size (array 1 2)}} {{size (parseJson request.body)}}", json) == "5 2 4")
    }

    @Test func trimUpperLowerCapitalize() throws {
        #expect(try render("[{{trim '  x  '}}]") == "[x]")
        #expect(try render("[{{#trim}}  y \n{{/trim}}]") == "[y]")
        #expect(try render("{{upper 'abc'}} {{lower 'ABC'}}") == "ABC abc")
        #expect(
            try render("{{capitalize 'hello wORLD'}}|{{capitalize 'hello wORLD' fully=true}}")
                == "Hello WORLD|Hello World")
    }

    @Test func base64() throws {
        // WireMock 3 escapes nothing; WireMock 2 escaped `=`, so base64 output wanted triple braces.
        #expect(try render("{{base64 'hello'}}") == "aGVsbG8=")
        #expect(try render("{{base64 'hello'}}", escaping: .wiremock2) == "aGVsbG8&#x3D;")
        #expect(try render("{{{base64 'hello'}}}") == "aGVsbG8=")
        #expect(try render("{{base64 'hello' padding=false}}") == "aGVsbG8")
        #expect(try render("{{base64 'aGVsbG8=' decode=true}}") == "hello")
        #expect(try render("{{{base64 'hi'}}}") == "aGk=")
        #expect(try render("{{#base64}}hi{{/base64}}") == "aGk=")  // a block's output is never escaped
    }

    @Test func urlEncode() throws {
        #expect(try render("{{urlEncode 'a b&c/é'}}") == "a+b%26c%2F%C3%A9")
        #expect(try render("{{urlEncode 'a+b%26c' decode=true}}") == "a b&c")
        #expect(try render("{{urlEncode 'a+b%26c' decode=true}}", escaping: .wiremock2) == "a b&amp;c")
    }

    @Test func formData() throws {
        let form = LoggedRequest(method: "POST", url: "/", body: Data("name=Ann+Lee&tag=a&tag=b&x=%26".utf8))
        #expect(
            try render("{{formData request.body 'form' urlDecode=true}}{{form.name}} {{form.tag.[1]}} {{form.x}}", form)
                == "Ann Lee b &")
        #expect(try render("{{formData request.body 'raw'}}{{raw.name}}", form) == "Ann+Lee")
    }

    @Test func comparisons() throws {
        #expect(try render("{{eq 1 1}} {{eq 'a' 'b'}} {{neq 1 2}}") == "true false true")
        #expect(try render("{{gt 2 1}} {{lt 2 1}} {{gte 2 2}} {{lte 3 2}}") == "true false true false")
        #expect(try render("{{gt 10 9}} {{gt '10' '9'}}") == "true true")
        #expect(
            try render("{{and true 1 'x'}} {{and true 0}} {{or false ''}} {{or false 1}} {{not false}}")
                == "true false false true true")
        #expect(try render("{{#eq request.method 'POST'}}post{{else}}other{{/eq}}", json) == "post")
        #expect(try render("{{eq 2 2 yes='same' no='diff'}}") == "same")
        let query = LoggedRequest(method: "GET", url: "/?n=2")
        #expect(try render("{{#eq request.query.n 2}}two{{/eq}}", query) == "two")
        #expect(
            try render("{{#if (and (eq request.query.n '2') (not (eq request.method 'POST')))}}ok{{/if}}", query)
                == "ok")
    }

    @Test func assignAndVal() throws {
        #expect(try render("{{#assign 'greeting'}}Hi {{upper 'x'}}{{/assign}}{{greeting}}!") == "Hi X!")
        #expect(try render("{{val request.query.missing default='dflt'}}") == "dflt")
        #expect(try render("{{val request.query.missing or='alt'}}") == "alt")
        #expect(try render("{{val 'v' assign='kept'}}{{kept}}") == "v")
    }

    @Test func systemValueNeedsAPermittedKey() throws {
        // PATH is set before the process starts: setting a variable here would race getenv in
        // tests running in parallel (glibc's setenv may move the environment under a reader).
        let path = try #require(ProcessInfo.processInfo.environment["PATH"])
        #expect(try render("{{systemValue type='ENVIRONMENT' key='PATH'}}") == "[ERROR: Access to PATH is denied]")
        #expect(
            try render("{{systemValue key='PATH'}}", systemKeys: ["UNDERSTUDY_*"])
                == "[ERROR: Access to PATH is denied]")
        #expect(try render("{{systemValue type='ENVIRONMENT' key='PATH'}}", systemKeys: ["pa*"]) == path)
        #expect(
            try render("{{systemValue key='UNDERSTUDY_NEVER_SET' default='none'}}", systemKeys: ["understudy_*"])
                == "none")
    }

    @Test func joinAndReplaceAndDefaultIfEmpty() throws {
        #expect(try render("{{join (array 'a' 'b') ', '}}") == "a, b")
        #expect(try render("{{replace 'a-b-c' '-' '+'}}") == "a+b+c")
        #expect(try render("{{defaultIfEmpty '' 'none'}}") == "none")
    }
}
