import Testing
import UnderstudyJSON

/// One row of a schema table: a schema and an instance as JSON text, and whether it should pass.
struct JSONSchemaTestCase: Sendable, CustomTestStringConvertible {
    let schema: String
    let instance: String
    let valid: Bool
    let version: JSONSchemaValidator.Version

    init(_ schema: String, _ instance: String, _ valid: Bool, _ version: JSONSchemaValidator.Version = .v202012) {
        self.schema = schema
        self.instance = instance
        self.valid = valid
        self.version = version
    }

    var testDescription: String { "\(version.rawValue) \(schema) on \(instance) -> \(valid ? "valid" : "invalid")" }

    /// Checks both entry points, which must always agree.
    func run(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let validator = try JSONSchemaValidator(schema: JSONParser.parse(schema), version: version)
        let value = try JSONParser.parse(instance)
        #expect(validator.isValid(value) == valid, sourceLocation: sourceLocation)
        let violations = validator.validate(value)
        #expect(violations.isEmpty == valid, "\(violations)", sourceLocation: sourceLocation)
    }
}
