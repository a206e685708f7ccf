import GraphQL
import UnderstudyJSON

/// GraphQL errors as a server answers them: `{"message": …, "locations": [{"line": …, "column": …}]}`.
enum GraphQLErrors {
    /// The message without GraphQLSwift's excerpt of the source under a syntax error: the
    /// locations say where.
    static func shortMessage(_ error: GraphQLError) -> String {
        guard let cut = error.message.range(of: "\n\n") else { return error.message }
        return String(error.message[..<cut.lowerBound])
    }

    /// One error as JSON.
    static func json(_ error: GraphQLError, extensions: JSONObject? = nil) -> JSONValue {
        var object: JSONObject = ["message": .string(shortMessage(error))]
        if !error.locations.isEmpty {
            object["locations"] = .array(
                error.locations.map { .object(["line": .int($0.line), "column": .int($0.column)]) })
        }
        if let extensions { object["extensions"] = .object(extensions) }
        return .object(object)
    }

    /// An error with no place in the document.
    static func json(message: String, code: String? = nil) -> JSONValue {
        var object: JSONObject = ["message": .string(message)]
        if let code { object["extensions"] = .object(["code": .string(code)]) }
        return .object(object)
    }
}
