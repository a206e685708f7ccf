import Foundation
import UnderstudyJSON

/// The GraphQL operations an HTTP request carries: a JSON body `{"query", "variables",
/// "operationName", "extensions"}` (POST), an array of those (a batch), or the same as URL
/// query parameters (GET, `variables` and `extensions` as JSON text), as GraphQL over HTTP
/// sends them.
public struct GraphQLRequest: Sendable, Equatable {
    /// The query text; nil for a persisted query sent by its hash alone.
    public var query: String?
    /// `variables`, nil when absent.
    public var variables: JSONValue?
    /// `operationName`, nil when absent (or null).
    public var operationName: String?
    /// `extensions`, e.g. `{"persistedQuery":{"version":1,"sha256Hash":"…"}}`.
    public var extensions: JSONValue?

    public init(
        query: String?, variables: JSONValue? = nil, operationName: String? = nil, extensions: JSONValue? = nil
    ) {
        self.query = query
        self.variables = variables
        self.operationName = operationName
        self.extensions = extensions
    }

    /// The persisted query's hash (`extensions.persistedQuery.sha256Hash`), if sent.
    public var persistedQueryHash: String? {
        extensions?["persistedQuery"]?["sha256Hash"]?.stringValue
    }

    /// The operations `request` carries, and whether they came as a batch (a JSON array, which is
    /// answered with an array). None when it carries no GraphQL.
    public static func operations(in request: LoggedRequest) -> (operations: [GraphQLRequest], isBatch: Bool) {
        let context = MatchContext(request: request)
        let operations = operations(in: context)
        let isBatch = context.request.method != "GET" && context.bodyJSON?.arrayValue != nil
        return (operations, isBatch)
    }

    /// The operations in `request`: one, several (a batch), or none when it carries no GraphQL.
    static func operations(in context: MatchContext) -> [GraphQLRequest] {
        // GET puts the operation in the URL; some clients (Python's gql) send GET with a JSON body.
        if context.request.body.isEmpty || context.request.method == "GET",
            let fromQuery = fromQueryParameters(context.queryParameters)
        {
            return [fromQuery]
        }
        guard let json = context.bodyJSON else { return [] }
        if let batch = json.arrayValue { return batch.compactMap(Self.init(json:)) }
        return Self(json: json).map { [$0] } ?? []
    }

    /// One operation from its JSON object; nil for anything that is not one.
    init?(json: JSONValue) {
        guard json.objectValue != nil else { return nil }
        let query = json["query"]?.stringValue
        let extensions = json["extensions"].flatMap { $0 == .null ? nil : $0 }
        guard query != nil || extensions?["persistedQuery"] != nil else { return nil }
        self.init(
            query: query, variables: json["variables"].flatMap { $0 == .null ? nil : $0 },
            operationName: json["operationName"]?.stringValue, extensions: extensions)
    }

    private static func fromQueryParameters(_ parameters: [String: [String]]) -> GraphQLRequest? {
        let query = parameters["query"]?.first
        let extensions = parameters["extensions"]?.first.flatMap { try? JSONParser.parse(Data($0.utf8)) }
        guard query != nil || extensions?["persistedQuery"] != nil else { return nil }
        return GraphQLRequest(
            query: query,
            variables: parameters["variables"]?.first.flatMap { try? JSONParser.parse(Data($0.utf8)) }.flatMap {
                $0 == .null ? nil : $0
            },
            operationName: parameters["operationName"]?.first.flatMap { $0.isEmpty ? nil : $0 },
            extensions: extensions)
    }
}
