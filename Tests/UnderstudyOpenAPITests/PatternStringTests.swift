import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyOpenAPI

/// Strings generated for a schema's `pattern` match it, as the JSON Schema validator reads it.
@Suite struct PatternStringTests {
    static let patterns = [
        #"^([01]\d|2[0-3]):?([0-5]\d)$"#, #"^[A-Z]{3}$"#, #"^\+[1-9]\d{1,14}$"#, #"^[a-z0-9-]+(\.[a-z0-9-]+)*$"#,
        #"^(?:PN|CA)[0-9a-fA-F]{32}$"#, #"^[^@\s]+@[^@\s]+\.[a-z]{2,}$"#, #"^\d{4}-\d{2}-\d{2}$"#,
        #"^(red|green|blue)-\w+$"#, #"[A-Z]{2}\d{2}"#, #"^.{1,10}$"#, #"^(?<year>\d{4})-Q[1-4]$"#,
        #"^[\w.-]{3,}$"#, #"^\u0041[b-d]?x*y+$"#
    ]

    @Test(arguments: patterns)
    func generatedStringsMatchTheirPattern(_ pattern: String) throws {
        let validator = try JSONSchemaValidator(schema: .object(["type": "string", "pattern": .string(pattern)]))
        let fixed = try #require(PatternString.make(pattern))
        #expect(validator.isValid(.string(fixed)), "\(fixed)")
        for _ in 0..<20 {
            let random = try #require(PatternString.make(pattern, random: true))
            #expect(validator.isValid(.string(random)), "\(random)")
        }
    }

    /// Patterns it cannot read give nil, never a wrong string.
    @Test(arguments: [#"^(a)\1$"#, #"^(?=x)x$"#, #"a{2"#, #"(unclosed"#])
    func unreadablePatternsGiveNil(_ pattern: String) {
        if let text = PatternString.make(pattern) {
            let validator = try? JSONSchemaValidator(schema: .object(["type": "string", "pattern": .string(pattern)]))
            #expect(validator?.isValid(.string(text)) ?? true, "\(text)")
        }
    }
}
