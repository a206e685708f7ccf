import Foundation
import UnderstudyJSON

/// One request prepared for matching against many stubs: the parts every matcher needs are
/// worked out once, on first use, not once per stub. Lives for one match on one thread.
public final class MatchContext {
    /// The request being matched.
    public let request: LoggedRequest
    /// Scenario states as they were when this request arrived (one consistent snapshot).
    public let scenarioStates: [String: String]
    /// Reference time for `now`-relative date matchers.
    public let now: Date

    /// A context for `request` with a snapshot of scenario states and the time.
    public init(request: LoggedRequest, scenarioStates: [String: String] = [:], now: Date = Date()) {
        self.request = request
        self.scenarioStates = scenarioStates
        self.now = now
    }

    /// The path, still percent-encoded.
    public private(set) lazy var path: String = request.path
    /// Query parameters by name, values decoded.
    public private(set) lazy var queryParameters: [String: [String]] = Self.group(request.queryParameters)
    /// Form fields of a URL-encoded body by name, values decoded.
    public private(set) lazy var formParameters: [String: [String]] = Self.group(request.formParameters)
    /// Cookies by name.
    public private(set) lazy var cookies: [String: [String]] = Self.group(request.cookies)
    /// The body as text, or nil when empty (WireMock treats an empty body as absent).
    public private(set) lazy var bodyText: String? = request.body.isEmpty ? nil : request.bodyText
    /// The body parsed as JSON, or nil when it is not JSON.
    public private(set) lazy var bodyJSON: JSONValue? = request.body.isEmpty ? nil : try? JSONParser.parse(request.body)
    /// The body split into multipart parts, or nil when it is not multipart.
    public private(set) lazy var multipartParts: [MultipartPart]? = MultipartParser.parts(
        body: request.body, contentType: request.headers.first("Content-Type"))
    /// Edit-distance helpers for the URL and path, built once when near misses are computed.
    private(set) lazy var urlDistance = BitParallelLevenshtein(request.url)
    private(set) lazy var pathDistance = BitParallelLevenshtein(path)
    /// Variables of the last path template tried, keyed by template text.
    var templateValues: [String: [String: String]] = [:]
    /// The GraphQL operations the request carries (its JSON body, a batch, or GET parameters).
    private(set) lazy var graphQLOperations: [GraphQLRequest] = GraphQLRequest.operations(in: self)
    /// Queries' canonical forms, by query text (see ``GraphQLOperationPattern``).
    var graphQLCanonicalForms: [String: String?] = [:]

    private static func group(_ pairs: [(name: String, values: [String])]) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for pair in pairs { result[pair.name, default: []].append(contentsOf: pair.values) }
        return result
    }

    func pathTemplateValues(_ template: PathTemplate) -> [String: String]? {
        if let cached = templateValues[template.template] { return cached }
        guard let values = template.match(path) else { return nil }
        templateValues[template.template] = values
        return values
    }
}
