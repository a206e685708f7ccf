import Foundation

extension JSONValue {
    /// The value a strict RFC 8259 JSON text holds, member order and number literals kept: a
    /// request or answer body, a mapping file. `"\(value)"` writes it back, compact.
    /// - Throws: ``JSONSyntaxError`` with the line and column of the first problem.
    public init(parsing data: Data) throws(JSONSyntaxError) {
        self = try JSONParser.parse(data)
    }

    /// The value a JSON text holds (see ``init(parsing:)-(Data)``).
    public init(parsing text: String) throws(JSONSyntaxError) {
        self = try JSONParser.parse(text)
    }
}
