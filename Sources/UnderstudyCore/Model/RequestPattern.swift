import Foundation
import UnderstudyJSON

/// What a stub expects of a request: WireMock's `request` object.
///
/// Every field is optional except the method; an empty pattern (`{"method":"ANY"}`) matches
/// every request.
public struct RequestPattern: Sendable, Equatable {
    public var method: RequestMethod
    public var url: URLMatcher?
    /// Matchers for `urlPathTemplate` variables; every name must be a template variable.
    public var pathParameters: [NamedPattern<StringValuePattern>]
    /// Header matchers; names compare case-insensitively.
    public var headers: [NamedPattern<MultiValuePattern>]
    public var queryParameters: [NamedPattern<MultiValuePattern>]
    public var formParameters: [NamedPattern<MultiValuePattern>]
    public var cookies: [NamedPattern<StringValuePattern>]
    public var basicAuthCredentials: BasicCredentials?
    /// Our extension: an RFC 7616 Digest answer for this user (``DigestCredentials``).
    public var digestAuthCredentials: DigestCredentials? = nil
    /// All must match.
    public var bodyPatterns: [StringValuePattern]
    public var multipartPatterns: [MultipartPattern]
    public var scheme: String?
    public var host: StringValuePattern?
    public var port: Int?
    public var clientIp: StringValuePattern?
    /// Why this pattern never matches here, when a folder loaded leniently (as WireMock would)
    /// holds a request Understudy cannot evaluate: a `customMatcher` (a Java extension), or a
    /// matcher that does not compile. The stub still loads, and says why in near misses and in
    /// the admin API, rather than refuse the folder or match something it should not.
    public var cannotMatch: String?
    /// The request as written, kept for ``cannotMatch`` patterns so the JSON goes back unchanged.
    package var originalJSON: JSONValue?

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
    public var username: String
    public var password: String

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
    public enum MatchingType: String, Sendable {
        /// At least one part matches.
        case any = "ANY"
        /// Every part matches.
        case all = "ALL"
    }

    public var name: String?
    public var matchingType: MatchingType
    public var headers: [NamedPattern<MultiValuePattern>]
    public var bodyPatterns: [StringValuePattern]

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
