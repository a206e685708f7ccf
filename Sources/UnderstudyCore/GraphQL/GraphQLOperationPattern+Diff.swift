import Foundation
import UnderstudyJSON

extension GraphQLOperationPattern {
    /// The near-miss rows for a request this pattern did not match: which part of the operation
    /// differed (the query, the variables, the operation name, the persisted query), compared
    /// with the request's closest operation.
    func diffRows(_ context: MatchContext) -> [DiffRow] {
        let operations = context.graphQLOperations
        guard let closest = operations.min(by: { one($0, context) < one($1, context) }) else {
            return [
                DiffRow(
                    expected: "[GraphQL] " + (query ?? "any operation"),
                    actual: "(no GraphQL operation in the request)", mismatch: "GraphQL")
            ]
        }
        var rows: [DiffRow] = []
        if let query, canonicalQuery != closest.query.flatMap({ context.canonicalGraphQL($0) }) {
            let sent = closest.query ?? "(none: a persisted query's hash)"
            let note =
                closest.query.map {
                    (try? GraphQLParser.parse($0)) == nil
                        ? "GraphQL query is not valid" : "GraphQL query does not match"
                } ?? "GraphQL query does not match"
            rows.append(
                DiffRow(expected: "[GraphQL query] " + Self.oneLine(query), actual: Self.oneLine(sent), mismatch: note))
        }
        if !variablesMatch(closest.variables, context: context) {
            let expected =
                variables.map { String(decoding: JSONWriter.data($0), as: UTF8.self) }
                ?? (variablesPatterns.isEmpty
                    ? "(none)" : variablesPatterns.map { "\($0.json)" }.joined(separator: " and "))
            let actual = closest.variables.map { String(decoding: JSONWriter.data($0), as: UTF8.self) } ?? "(none)"
            rows.append(
                DiffRow(
                    expected: "[GraphQL variables] " + expected, actual: actual,
                    mismatch: "GraphQL variables do not match"))
        }
        if let operationName, closest.operationName != operationName {
            rows.append(
                DiffRow(
                    expected: "[GraphQL operationName] " + operationName, actual: closest.operationName ?? "(none)",
                    mismatch: "GraphQL operationName does not match"))
        }
        if let persistedQueryHash, closest.persistedQueryHash != persistedQueryHash {
            rows.append(
                DiffRow(
                    expected: "[GraphQL persisted query] " + persistedQueryHash,
                    actual: closest.persistedQueryHash ?? "(none)", mismatch: "GraphQL persisted query does not match"))
        }
        return rows
    }

    private func one(_ operation: GraphQLRequest, _ context: MatchContext) -> Int {
        var count = 0
        if canonicalQuery != nil, canonicalQuery != operation.query.flatMap({ context.canonicalGraphQL($0) }) {
            count += 1
        }
        if !variablesMatch(operation.variables, context: context) { count += 1 }
        if let operationName, operation.operationName != operationName { count += 1 }
        return count
    }

    /// A query on one line, white space runs collapsed, for a diff column.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }
}
