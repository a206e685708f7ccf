import Testing

@testable import UnderstudyCore

@Suite struct RegexPatternTests {
    @Test(arguments: [
        ("/things/[0-9]+", "/things/"),
        ("^/api/v1/.*", "/api/v1/"),
        ("/a\\.json", "/a.json"),
        ("/items?", "/item"),
        ("/ab*c", "/a"),
        ("/a{2}", "/"),
        ("/x|/y", ""),
        ("(?i)/abc", ""),
        ("\\d+/x", ""),
        ("/é/x", ""),
        ("/a\\.?b", "/a")
    ])
    func literalPrefixIsConservative(_ pattern: String, _ prefix: String) {
        #expect(RegexPattern.literalPrefix(of: pattern) == Array(prefix.utf8))
    }

    @Test(arguments: [
        ("/things/[0-9]+", "/things/12", true), ("/things/[0-9]+", "/thing/12", false),
        ("/items?", "/item", true), ("/items?", "/items", true), ("/ab*c", "/ac", true),
        ("/x|/y", "/y", true), ("(?i)/abc", "/ABC", true), ("/a\\.?b", "/ab", true)
    ])
    func prefixCheckNeverChangesTheAnswer(_ pattern: String, _ value: String, _ expected: Bool) throws {
        #expect(try RegexPattern(pattern).matches(value) == expected)
    }
}
