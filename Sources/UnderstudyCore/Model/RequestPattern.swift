import Foundation
import UnderstudyJSON

/// What a stub expects of a request: WireMock's `request` object.
///
/// Every field is optional except the method; an empty pattern (`{"method":"ANY"}`) matches
/// every request.
public struct RequestPattern: Sendable, Equatable {
    /// The accepted method or methods.
    public var method: RequestMethod
    /// How the URL is matched; nil matches any URL.
    public var url: URLMatcher?
    /// Matchers for `urlPathTemplate` variables; every name must be a template variable.
    public var pathParameters: [NamedPattern<StringValuePattern>]
    /// Header matchers; names compare case-insensitively.
    public var headers: [NamedPattern<MultiValuePattern>]
    /// Query parameter matchers, on decoded values.
    public var queryParameters: [NamedPattern<MultiValuePattern>]
    /// Form field matchers for URL-encoded bodies.
    public var formParameters: [NamedPattern<MultiValuePattern>]
    /// Cookie matchers.
    public var cookies: [NamedPattern<StringValuePattern>]
    /// Required Basic credentials.
    public var basicAuthCredentials: BasicCredentials?
    /// Our extension: an RFC 7616 Digest answer for this user (``DigestCredentials``).
    public var digestAuthCredentials: DigestCredentials? = nil
    /// All must match.
    public var bodyPatterns: [StringValuePattern]
    /// Multipart body matchers; all must match.
    public var multipartPatterns: [MultipartPattern]
    /// The required scheme, `http` or `https`.
    public var scheme: String?
    /// A matcher for the `Host`.
    public var host: StringValuePattern?
    /// The required port.
    public var port: Int?
    /// A matcher for the client's address.
    public var clientIp: StringValuePattern?
    /// The GraphQL operation the request must carry: WireMock's `graphql-body-matcher` custom
    /// matcher, read natively.
    public var graphQL: GraphQLOperationPattern?
    /// Why this pattern never matches here, when a folder loaded leniently (as WireMock would)
    /// holds a request Understudy cannot evaluate: a `customMatcher` (a Java extension), or a
    /// matcher that does not compile. The stub still loads, and says why in near misses and in
    /// the admin API, rather than refuse the folder or match something it should not.
    public var cannotMatch: String?
    /// The request as written, kept for ``cannotMatch`` patterns so the JSON goes back unchanged.
    package var originalJSON: JSONValue?

    /// A pattern; with no arguments it matches every request.
    public init(
        method: RequestMethod = .any,
        url: URLMatcher? = nil,
        pathParameters: [NamedPattern<StringValuePattern>] = [],
        headers: [NamedPattern<MultiValuePattern>] = [],
        queryParameters: [NamedPattern<MultiValuePattern>] = [],
        formParameters: [NamedPattern<MultiValuePattern>] = [],
        cookies: [NamedPattern<StringValuePattern>] = [],
        basicAuthCredentials: BasicCredentials? = nil,
        bodyPatterns: [StringValuePattern] = [],
        multipartPatterns: [MultipartPattern] = [],
        scheme: String? = nil,
        host: StringValuePattern? = nil,
        port: Int? = nil,
        clientIp: StringValuePattern? = nil
    ) {
        self.method = method
        self.url = url
        self.pathParameters = pathParameters
        self.headers = headers
        self.queryParameters = queryParameters
        self.formParameters = formParameters
        self.cookies = cookies
        self.basicAuthCredentials = basicAuthCredentials
        self.bodyPatterns = bodyPatterns
        self.multipartPatterns = multipartPatterns
        self.scheme = scheme
        self.host = host
        self.port = port
        self.clientIp = clientIp
    }
}

/// `basicAuthCredentials`: matched against the `Authorization: Basic …` header.
public struct BasicCredentials: Sendable, Hashable {
    /// The user name.
    public var username: String
    /// The password.
    public var password: String

    /// Credentials for this user.
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }

    /// The header value a client sends for these credentials.
    public var headerValue: String {
        "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()
    }
}

/// One entry of `multipartPatterns`: which parts must exist and what they contain.
public struct MultipartPattern: Sendable, Equatable {
    /// Whether any part or every part must match.
    public enum MatchingType: String, Sendable {
        /// At least one part matches.
        case any = "ANY"
        /// Every part matches.
        case all = "ALL"
    }

    /// A name for the pattern, as written.
    public var name: String?
    /// Any part or every part.
    public var matchingType: MatchingType
    /// Header matchers for a part.
    public var headers: [NamedPattern<MultiValuePattern>]
    /// Body matchers for a part.
    public var bodyPatterns: [StringValuePattern]

    /// A multipart pattern.
    public init(
        name: String? = nil, matchingType: MatchingType = .any, headers: [NamedPattern<MultiValuePattern>] = [],
        bodyPatterns: [StringValuePattern] = []
    ) {
        self.name = name
        self.matchingType = matchingType
        self.headers = headers
        self.bodyPatterns = bodyPatterns
    }
}
