import UnderstudyCore
import UnderstudyJSON

/// The media type and status of a GraphQL answer, as GraphQL over HTTP sets them: with
/// `application/json` every well-formed request is answered 200, errors and all; with
/// `application/graphql-response+json` (used when the client accepts it and not plain JSON) an
/// operation that fails validation is answered 400.
struct GraphQLAnswerFormat {
    let mediaType: String

    init(_ request: LoggedRequest) {
        let accept = request.headers.first("Accept")?.lowercased() ?? ""
        let prefersGraphQL =
            accept.contains("application/graphql-response+json") && !accept.contains("application/json")
        mediaType = prefersGraphQL ? "application/graphql-response+json" : "application/json"
    }

    /// Operations' results, an array for a batch.
    func answer(_ results: [JSONValue], isBatch: Bool, invalid: Bool) -> ContractAnswer {
        let status = invalid && mediaType == "application/graphql-response+json" ? 400 : 200
        return body(isBatch ? .array(results) : results.first ?? .null, status: status)
    }

    /// A request that is not a GraphQL request at all.
    func requestError(_ message: String, status: Int) -> ContractAnswer {
        body(.object(["errors": [GraphQLErrors.json(message: message)]]), status: status)
    }

    private func body(_ json: JSONValue, status: Int) -> ContractAnswer {
        var headers = HeaderFields()
        headers.set("Content-Type", "\(mediaType); charset=utf-8")
        return ContractAnswer(status: status, headers: headers, body: JSONWriter.data(json))
    }
}
