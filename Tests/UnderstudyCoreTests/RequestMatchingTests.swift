import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyCore

/// Section 5 of the reference: how each part of a request is compared.
@Suite struct RequestMatchingTests {
    func matches(_ pattern: String, _ request: LoggedRequest) throws -> Bool {
        try RequestPattern(json: JSONParser.parse(pattern)).matches(MatchContext(request: request))
    }

    @Test func urlComparesPathAndQueryAsRawText() throws {
        #expect(try matches(#"{"url":"/a?x=1&y=2"}"#, request("GET", "/a?x=1&y=2")))
        #expect(try !matches(#"{"url":"/a?x=1&y=2"}"#, request("GET", "/a?y=2&x=1")))
        #expect(try !matches(#"{"url":"/a"}"#, request("GET", "/a/")))
        #expect(try !matches(#"{"url":"/A"}"#, request("GET", "/a")))
    }

    @Test func urlPathIgnoresTheQueryButStaysEncoded() throws {
        #expect(try matches(#"{"urlPath":"/a"}"#, request("GET", "/a?x=1")))
        #expect(try matches(#"{"urlPath":"/path%20with%20spaces"}"#, request("GET", "/path%20with%20spaces")))
        #expect(try !matches(#"{"urlPath":"/path with spaces"}"#, request("GET", "/path%20with%20spaces")))
        #expect(try !matches(#"{"urlPath":"/path%20with%20spaces"}"#, request("GET", "/path+with+spaces")))
    }

    @Test func patternsMustMatchTheWholeString() throws {
        #expect(try matches(#"{"urlPattern":"/things/[0-9]+\\?page=.*"}"#, request("GET", "/things/12?page=2")))
        #expect(try !matches(#"{"urlPattern":"/things"}"#, request("GET", "/things/12")))
        #expect(try matches(#"{"urlPathPattern":"/things/[0-9]+"}"#, request("GET", "/things/12?page=2")))
    }

    @Test func urlPrecedenceIsUrlThenPatternThenPath() throws {
        let pattern = try RequestPattern(json: JSONParser.parse(#"{"urlPath":"/b","url":"/a"}"#))
        #expect(pattern.url == .url("/a"))
    }

    @Test func pathTemplatesBindVariablesAndCheckTheirMatchers() throws {
        let json =
            #"{"urlPathTemplate":"/contacts/{id}/addresses/{kind}","pathParameters":{"id":{"matches":"[0-9]+"},"kind":{"equalTo":"home base"}}}"#
        #expect(try matches(json, request("GET", "/contacts/12/addresses/home%20base?x=1")))
        #expect(try !matches(json, request("GET", "/contacts/ab/addresses/home%20base")))
        #expect(try !matches(json, request("GET", "/contacts/12/addresses")))
    }

    @Test func pathParametersMustNameTemplateVariables() throws {
        let value = try JSONParser.parse(
            #"{"request":{"urlPathTemplate":"/a/{id}","pathParameters":{"nope":{"equalTo":"1"}}}}"#)
        #expect(throws: MappingError.self) { try StubMapping(json: value) }
    }

    @Test func methodAnyMatchesEveryTokenAndOthersAreExact() throws {
        #expect(try matches(#"{"method":"ANY"}"#, request("KILL", "/")))
        #expect(try matches(#"{"method":"KILL"}"#, request("KILL", "/")))
        #expect(try !matches(#"{"method":"GET"}"#, request("get", "/")))
    }

    @Test func headerNamesAreCaseInsensitiveAndValuesAreNot() throws {
        let req = request(
            "GET", "/", headers: [("content-TYPE", "application/json"), ("X-Multi", "a"), ("X-Multi", "b")])
        #expect(try matches(#"{"headers":{"Content-Type":{"equalTo":"application/json"}}}"#, req))
        #expect(try !matches(#"{"headers":{"Content-Type":{"equalTo":"APPLICATION/JSON"}}}"#, req))
        #expect(
            try matches(#"{"headers":{"Content-Type":{"equalTo":"APPLICATION/JSON","caseInsensitive":true}}}"#, req))
        // One matcher passes when any value of a repeated header matches.
        #expect(try matches(#"{"headers":{"X-Multi":{"equalTo":"b"}}}"#, req))
        #expect(try matches(#"{"headers":{"X-Absent":{"absent":true}}}"#, req))
        #expect(try matches(#"{"headers":{"X-Absent":{"doesNotContain":"x"}}}"#, req))
        #expect(try !matches(#"{"headers":{"X-Absent":{"contains":"x"}}}"#, req))
    }

    @Test func queryValuesAreDecoded() throws {
        #expect(try matches(#"{"queryParameters":{"q":{"equalTo":"a b"}}}"#, request("GET", "/?q=a+b")))
        #expect(try matches(#"{"queryParameters":{"q":{"equalTo":"a b"}}}"#, request("GET", "/?q=a%20b")))
        #expect(
            try matches(#"{"queryParameters":{"filter[id]":{"equalTo":"7"}}}"#, request("GET", "/?filter%5Bid%5D=7")))
    }

    @Test func hasExactlyAndIncludesJudgeTheSetOfValues() throws {
        let exactly = #"{"queryParameters":{"q":{"hasExactly":[{"equalTo":"1"},{"equalTo":"2"},{"equalTo":"3"}]}}}"#
        #expect(try matches(exactly, request("GET", "/?q=3&q=1&q=2")))
        #expect(try !matches(exactly, request("GET", "/?q=1&q=1&q=1&q=1")))
        #expect(try !matches(exactly, request("GET", "/?q=1&q=2")))
        let includes = #"{"queryParameters":{"q":{"includes":[{"equalTo":"1"},{"equalTo":"2"}]}}}"#
        #expect(try matches(includes, request("GET", "/?q=2&q=9&q=1")))
        #expect(try !matches(includes, request("GET", "/?q=2")))
    }

    @Test func cookiesAreDecodedAndAnyRepeatedValueMayMatch() throws {
        let req = request("GET", "/", headers: [("Cookie", "session=a%20b; theme=dark; theme=light")])
        #expect(try matches(#"{"cookies":{"session":{"equalTo":"a b"}}}"#, req))
        #expect(try matches(#"{"cookies":{"theme":{"equalTo":"light"}}}"#, req))
        #expect(try matches(#"{"cookies":{"missing":{"absent":true}}}"#, req))
    }

    @Test func basicAuthSchemeWordIsCaseInsensitive() throws {
        let encoded = Data("rita:mysecret".utf8).base64EncodedString()
        let json = #"{"basicAuthCredentials":{"username":"rita","password":"mysecret"}}"#
        #expect(try matches(json, request("GET", "/", headers: [("Authorization", "Basic \(encoded)")])))
        #expect(try matches(json, request("GET", "/", headers: [("Authorization", "BASIC \(encoded)")])))
        #expect(
            try !matches(
                json,
                request(
                    "GET", "/", headers: [("Authorization", "Basic \(Data("rita:wrong".utf8).base64EncodedString())")]))
        )
        #expect(try !matches(json, request("GET", "/")))
    }

    @Test func formParametersAreDecodedFromUrlencodedBodies() throws {
        let req = request(
            "POST", "/f", headers: [("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")],
            body: "status=hello+world&n=1")
        #expect(try matches(#"{"formParameters":{"status":{"equalTo":"hello world"}}}"#, req))
        #expect(
            try !matches(
                #"{"formParameters":{"status":{"equalTo":"hello world"}}}"#,
                request("POST", "/f", body: "status=hello+world")))
    }

    @Test func allBodyPatternsMustMatchAndAnEmptyBodyIsAbsent() throws {
        let json = #"{"bodyPatterns":[{"contains":"a"},{"matchesJsonPath":"$.a"}]}"#
        #expect(try matches(json, request("POST", "/", body: #"{"a":1}"#)))
        #expect(try !matches(json, request("POST", "/", body: #"{"b":"a"}"#)))
        #expect(try matches(#"{"bodyPatterns":[{"absent":true}]}"#, request("POST", "/", body: "")))
        #expect(try matches(#"{"bodyPatterns":[{"doesNotContain":"x"}]}"#, request("POST", "/")))
        #expect(try !matches(#"{"bodyPatterns":[{"equalToJson":"{}"}]}"#, request("POST", "/", body: "<xml/>")))
    }

    @Test func schemeHostAndPortAreCompared() throws {
        let req = request("GET", "/", scheme: "http", host: "api.example", port: 8080)
        #expect(try matches(#"{"scheme":"http","host":{"equalTo":"api.example"},"port":8080}"#, req))
        #expect(try !matches(#"{"port":9090}"#, req))
        #expect(try !matches(#"{"host":{"equalTo":"other"}}"#, req))
    }

    @Test func multipartPartsAreMatchedByNameHeadersAndBody() throws {
        let body =
            "--XyZ\r\nContent-Disposition: form-data; name=\"status\"\r\n\r\nhello\r\n--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nfile body\r\n--XyZ--\r\n"
        let req = request(
            "POST", "/upload", headers: [("Content-Type", "multipart/form-data; boundary=XyZ")], body: body)
        #expect(
            try matches(
                #"{"multipartPatterns":[{"name":"file","headers":{"Content-Type":{"equalTo":"text/plain"}},"bodyPatterns":[{"contains":"file body"}]}]}"#,
                req))
        #expect(try !matches(#"{"multipartPatterns":[{"name":"status","bodyPatterns":[{"equalTo":"nope"}]}]}"#, req))
        #expect(
            try !matches(#"{"multipartPatterns":[{"matchingType":"ALL","bodyPatterns":[{"contains":"hello"}]}]}"#, req))
    }

    @Test func customMatchersAreRefusedWithAReason() throws {
        let value = try JSONParser.parse(#"{"request":{"customMatcher":{"name":"x"}}}"#)
        do {
            _ = try StubMapping(json: value)
            Issue.record("expected rejection")
        } catch {
            #expect(error.pointer == "/request/customMatcher")
            #expect(error.detail?.contains("Java extension") == true)
        }
    }
}
