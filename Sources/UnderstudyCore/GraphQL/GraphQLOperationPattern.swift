import Foundation
import UnderstudyJSON

/// WireMock's GraphQL matcher, `"customMatcher": {"name": "graphql-body-matcher", "parameters":
/// {"query": …, "variables": {…}, "operationName": …}}`, read natively (no Java extension):
///
/// - `query` is compared as a parsed document (the *GraphQL* article says what counts);
/// - `variables` as JSON (member order aside; arrays in order; `${json-unit.…}` placeholders
///   work as in `equalToJson`). Left out, the request must send none (or `{}`), as in the
///   extension;
/// - `operationName` exactly, when given.
///
/// The extension's older `expectedJson` parameter, a JSON text `{"query", "variables"}`, is read
/// as what it says, and a stub using it gets a warning (the extension's current versions ignore
/// it, and its helper deleted every line break from the text first). Beyond the extension: GraphQL over GET and batched requests (a stub matches a batch
/// when one of its operations matches), `variablesPatterns` (any string matchers over the
/// variables' JSON, e.g. `matchesJsonPath`), and `persistedQueryHash` (Apollo's automatic
/// persisted queries: `extensions.persistedQuery.sha256Hash`).
public struct GraphQLOperationPattern: Sendable, Equatable {
    /// The `customMatcher` name WireMock's extension registers.
    public static let matcherName = "graphql-body-matcher"

    /// The query as written; nil matches any query.
    public internal(set) var query: String?
    /// The variables required exactly (placeholders allowed), when given.
    public internal(set) var variables: JSONValue?
    /// The operation name required, when given.
    public internal(set) var operationName: String?
    /// Matchers over the variables' JSON text, each of which must match.
    public internal(set) var variablesPatterns: [StringValuePattern]
    /// The persisted query hash required, when given.
    public internal(set) var persistedQueryHash: String?
    /// The query came from the extension's older `expectedJson` parameter.
    public internal(set) var readFromExpectedJson: Bool
    /// The parameters as written, so the admin API gives the stub back unchanged.
    public internal(set) var parameters: JSONValue

    let canonicalQuery: String?
    let variablesEquality: JSONEquality?

    /// A pattern for an operation, as the Swift DSL builds it.
    /// - Throws: ``GraphQLSyntaxError`` for a query that is not GraphQL.
    public init(
        query: String? = nil, variables: JSONValue? = nil, operationName: String? = nil,
        variablesPatterns: [StringValuePattern] = [], persistedQueryHash: String? = nil
    ) throws {
        var object = JSONObject()
        if let query { object["query"] = .string(query) }
        if let variables { object["variables"] = variables }
        if let operationName { object["operationName"] = .string(operationName) }
        if !variablesPatterns.isEmpty { object["variablesPatterns"] = .array(variablesPatterns.map(\.json)) }
        if let persistedQueryHash { object["persistedQueryHash"] = .string(persistedQueryHash) }
        self.parameters = .object(object)
        self.query = query
        self.variables = variables
        self.operationName = operationName
        self.variablesPatterns = variablesPatterns
        self.persistedQueryHash = persistedQueryHash
        self.readFromExpectedJson = false
        self.canonicalQuery = try query.map { GraphQLCanonicalForm.of(try GraphQLParser.parse($0)) }
        self.variablesEquality = try variables.map { try JSONEquality(expected: $0) }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.parameters == rhs.parameters }
}
