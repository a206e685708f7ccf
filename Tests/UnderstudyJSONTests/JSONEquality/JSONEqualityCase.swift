import Foundation
import Testing
import UnderstudyJSON

/// One row of an `equalToJson` table: expected and actual as JSON text, the two switches, and the verdict.
struct JSONEqualityCase: Sendable, CustomTestStringConvertible {
    let name: String
    let expected: String
    let actual: String
    var ignoreArrayOrder = false
    var ignoreExtraElements = false
    let matches: Bool

    var testDescription: String { name }

    func pattern() throws -> JSONEquality {
        try JSONEquality(
            expected: JSONParser.parse(expected), ignoreArrayOrder: ignoreArrayOrder,
            ignoreExtraElements: ignoreExtraElements)
    }

    func actualValue() throws -> JSONValue { try JSONParser.parse(actual) }
}
