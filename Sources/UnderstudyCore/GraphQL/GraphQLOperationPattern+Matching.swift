import Foundation
import UnderstudyJSON

extension GraphQLOperationPattern {
    /// Whether the request carries an operation this pattern describes (one of a batch's).
    func matches(_ context: MatchContext) -> Bool {
        context.graphQLOperations.contains { matches($0, context: context) }
    }

    func matches(_ operation: GraphQLRequest, context: MatchContext) -> Bool {
        if let operationName, operation.operationName != operationName { return false }
        if let persistedQueryHash, operation.persistedQueryHash != persistedQueryHash { return false }
        if let canonicalQuery {
            guard let query = operation.query, context.canonicalGraphQL(query) == canonicalQuery else { return false }
        }
        return variablesMatch(operation.variables, context: context)
    }

    /// The extension's rule: variables left out of the stub mean the request sends none.
    func variablesMatch(_ sent: JSONValue?, context: MatchContext) -> Bool {
        let actual = sent ?? .object(JSONObject())
        if let variablesEquality {
            guard variablesEquality.matches(actual) else { return false }
        } else if variablesPatterns.isEmpty, actual.objectValue?.isEmpty != true {
            return false
        }
        guard !variablesPatterns.isEmpty else { return true }
        let text = String(decoding: JSONWriter.data(actual), as: UTF8.self)
        return variablesPatterns.allSatisfy { $0.matches(text, now: context.now) }
    }

    /// How near the request's closest operation comes, in [0, 1]: the query, the variables and
    /// the operation name weigh the same.
    func distance(_ context: MatchContext) -> Double {
        let operations = context.graphQLOperations
        guard !operations.isEmpty else { return 1 }
        return operations.map { operation in
            var parts: [Double] = []
            if let canonicalQuery {
                let sent = operation.query.flatMap { context.canonicalGraphQL($0) }
                parts.append(sent.map { Self.textDistance($0, canonicalQuery) } ?? 1)
            }
            parts.append(variablesMatch(operation.variables, context: context) ? 0 : 1)
            if let operationName { parts.append(operation.operationName == operationName ? 0 : 1) }
            if let persistedQueryHash { parts.append(operation.persistedQueryHash == persistedQueryHash ? 0 : 1) }
            return parts.reduce(0, +) / Double(parts.count)
        }.min() ?? 1
    }
}

extension GraphQLOperationPattern {
    /// Edit distance over the longer text's length.
    static func textDistance(_ a: String, _ b: String) -> Double {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        return Double(Levenshtein.distance(x, y)) / Double(max(x.count, y.count, 1))
    }
}

extension MatchContext {
    /// A query's canonical form, worked out once per request; nil when it is not GraphQL.
    func canonicalGraphQL(_ query: String) -> String? {
        if let cached = graphQLCanonicalForms[query] { return cached }
        let form = (try? GraphQLParser.parse(query)).map(GraphQLCanonicalForm.of)
        graphQLCanonicalForms[query] = form
        return form
    }
}
