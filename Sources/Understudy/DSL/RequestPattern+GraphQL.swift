import Foundation
import UnderstudyCore
import UnderstudyJSON

extension RequestPattern {
    /// A GraphQL operation at `path` (`/graphql` by default), sent by POST (a JSON body, or one
    /// of a batch) or GET (`?query=…&variables=…`): WireMock's `graphql-body-matcher`. The query
    /// is compared as a document (white space, commas and selection order aside; aliases and
    /// arguments count); `variables`, when given, as JSON, and left out, none may be sent;
    /// `operationName` exactly.
    ///
    /// ```swift
    /// server.stub(
    ///     try .graphQL("query Hero($id: ID!) { hero(id: $id) { name } }", variables: ["id": "1000"]),
    ///     .ok(json: #"{"data":{"hero":{"name":"Luke"}}}"#))
    /// ```
    /// - Throws: `GraphQLSyntaxError` when `query` is not GraphQL, with its line and column.
    public static func graphQL(
        _ query: String, variables: JSONValue? = nil, operationName: String? = nil, path: String = "/graphql"
    ) throws -> RequestPattern {
        var pattern = RequestPattern.any(path)
        pattern.graphQL = try GraphQLOperationPattern(query: query, variables: variables, operationName: operationName)
        return pattern
    }

    /// The same operation with its variables matched by string matchers over their JSON instead
    /// of exactly, e.g. `.graphQL(query, variablesMatching: [try .jsonPath("$.id")])`.
    public static func graphQL(
        _ query: String, variablesMatching patterns: [StringValuePattern], operationName: String? = nil,
        path: String = "/graphql"
    ) throws -> RequestPattern {
        var pattern = RequestPattern.any(path)
        pattern.graphQL = try GraphQLOperationPattern(
            query: query, operationName: operationName, variablesPatterns: patterns)
        return pattern
    }
}
