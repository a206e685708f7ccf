import Foundation
import UnderstudyCore
import UnderstudyJSON

/// Swift shorthands that build WireMock request patterns.
///
/// Every value means what its WireMock JSON means. A path without `?` becomes `urlPath` (the
/// query is free, so `.query(...)` can constrain it); a path with `?` becomes `url` (path and
/// query exactly as sent). Constructors that compile something (a regular expression, a JSONPath,
/// JSON with a `${json-unit.regex}` placeholder) throw the core's error instead of producing a
/// pattern that silently never matches.
extension RequestPattern {
    /// `GET` on `path` (`urlPath`, or `url` when `path` has a query).
    public static func get(_ path: String) -> RequestPattern { method("GET", path: path) }
    /// `POST` on `path`.
    public static func post(_ path: String) -> RequestPattern { method("POST", path: path) }
    /// `PUT` on `path`.
    public static func put(_ path: String) -> RequestPattern { method("PUT", path: path) }
    /// `DELETE` on `path`.
    public static func delete(_ path: String) -> RequestPattern { method("DELETE", path: path) }
    /// `PATCH` on `path`.
    public static func patch(_ path: String) -> RequestPattern { method("PATCH", path: path) }
    /// `HEAD` on `path`.
    public static func head(_ path: String) -> RequestPattern { method("HEAD", path: path) }
    /// `OPTIONS` on `path`.
    public static func options(_ path: String) -> RequestPattern { method("OPTIONS", path: path) }
    /// Any method (`"method":"ANY"`) on `path`.
    public static func any(_ path: String) -> RequestPattern { method("ANY", path: path) }

    /// `method` (any token, or `ANY`) on `path`: `urlPath` when `path` has no query, else `url`.
    public static func method(_ method: String, path: String) -> RequestPattern {
        RequestPattern(method: RequestMethod(method), url: path.contains("?") ? .url(path) : .urlPath(path))
    }

    /// `method` with any URL matcher, e.g. `.method("GET", .urlPathTemplate(...))`.
    public static func method(_ method: String, _ url: URLMatcher) -> RequestPattern {
        RequestPattern(method: RequestMethod(method), url: url)
    }

    /// `urlPattern`: a regular expression over path and query.
    /// - Throws: `RegexSyntaxError` when `regex` does not compile.
    public static func urlPattern(_ regex: String, method: String = "ANY") throws -> RequestPattern {
        RequestPattern(method: RequestMethod(method), url: .urlPattern(try RegexPattern(regex)))
    }

    /// `urlPathPattern`: a regular expression over the path only.
    /// - Throws: `RegexSyntaxError` when `regex` does not compile.
    public static func urlPathPattern(_ regex: String, method: String = "ANY") throws -> RequestPattern {
        RequestPattern(method: RequestMethod(method), url: .urlPathPattern(try RegexPattern(regex)))
    }

    /// Only requests sent to this host (`"host":{"equalTo":…}`): through a forward proxy, the
    /// host the client asked for; otherwise the `Host` header's.
    public func host(_ host: String) -> RequestPattern {
        self.host(.equalTo(host))
    }

    /// Only requests whose host matches (`"host":{…}`), e.g. `.host(.matches(".*\\.example\\.com"))`.
    public func host(_ pattern: StringValuePattern) -> RequestPattern {
        var copy = self
        copy.host = pattern
        return copy
    }

    /// Only requests over this scheme (`"scheme":"https"`).
    public func scheme(_ scheme: String) -> RequestPattern {
        var copy = self
        copy.scheme = scheme
        return copy
    }

    /// Only requests sent to this port (`"port":8443`): through a forward proxy, the port the
    /// client asked for (443 for `https` unless it named another).
    public func port(_ port: Int) -> RequestPattern {
        var copy = self
        copy.port = port
        return copy
    }

    /// Adds a header matcher (`"headers":{name:pattern}`); names compare case-insensitively.
    public func header(_ name: String, _ pattern: StringValuePattern) -> RequestPattern {
        var copy = self
        copy.headers.append(NamedPattern(name, .single(pattern)))
        return copy
    }

    /// Adds a query parameter matcher (`queryParameters`); values are matched decoded.
    public func query(_ name: String, _ pattern: StringValuePattern) -> RequestPattern {
        var copy = self
        copy.queryParameters.append(NamedPattern(name, .single(pattern)))
        return copy
    }

    /// Adds a form field matcher (`formParameters`) for `application/x-www-form-urlencoded` bodies.
    public func form(_ name: String, _ pattern: StringValuePattern) -> RequestPattern {
        var copy = self
        copy.formParameters.append(NamedPattern(name, .single(pattern)))
        return copy
    }

    /// Adds a cookie matcher (`cookies`).
    public func cookie(_ name: String, _ pattern: StringValuePattern) -> RequestPattern {
        var copy = self
        copy.cookies.append(NamedPattern(name, pattern))
        return copy
    }

    /// Requires an RFC 7616 `Authorization: Digest` answer for this user and password
    /// (`digestAuthCredentials`) to a nonce a ``AuthChallenge/digest(realm:algorithms:qop:)`` stub
    /// issued, with a nonce count no other request used. MD5, SHA-256 and their `-sess` forms,
    /// `qop` `auth` or `auth-int`.
    public func digestAuth(_ username: String, _ password: String, realm: String? = nil) -> RequestPattern {
        var copy = self
        copy.digestAuthCredentials = DigestCredentials(username: username, password: password, realm: realm)
        return copy
    }

    /// Requires `Authorization: Basic` with these credentials (`basicAuthCredentials`).
    public func basicAuth(_ username: String, _ password: String) -> RequestPattern {
        var copy = self
        copy.basicAuthCredentials = BasicCredentials(username: username, password: password)
        return copy
    }

    /// Requires `Authorization: Bearer <token>` (RFC 6750), the scheme in any case and the token
    /// exactly. WireMock has no Bearer matcher, so it is written as a header regex any WireMock
    /// reads: `{"Authorization": {"matches": "(?i:bearer) +<token, escaped>"}}`.
    public func bearerToken(_ token: String) -> RequestPattern {
        let regex = "(?i:bearer) +" + NSRegularExpression.escapedPattern(for: token)
        // An escaped literal always compiles; equality is the (case-sensitive) fallback regardless.
        let pattern = (try? RegexPattern(regex)).map(StringValuePattern.matches) ?? .equalTo("Bearer \(token)")
        return header("Authorization", pattern)
    }

    /// Adds a body matcher (`bodyPatterns`); every body matcher must pass.
    public func body(_ pattern: StringValuePattern) -> RequestPattern {
        var copy = self
        copy.bodyPatterns.append(pattern)
        return copy
    }

    /// The body must equal this JSON (`equalToJson`, JsonUnit semantics: member order free,
    /// numbers by value).
    /// - Throws: `JSONEqualityError` when a `${json-unit.regex}` placeholder does not compile.
    public func jsonBody(_ expected: JSONValue, ignoreArrayOrder: Bool = false, ignoreExtraElements: Bool = false)
        throws -> RequestPattern
    {
        body(try .equalToJSON(expected, ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements))
    }

    /// The body must have something at this JSONPath (`matchesJsonPath`).
    /// - Throws: `JSONPathError` when `expression` does not compile.
    public func jsonPath(_ expression: String) throws -> RequestPattern {
        body(try .jsonPath(expression))
    }

    /// What this JSONPath finds in the body must match `pattern` (`matchesJsonPath` with a sub-matcher).
    /// - Throws: `JSONPathError` when `expression` does not compile.
    public func jsonPath(_ expression: String, _ pattern: StringValuePattern) throws -> RequestPattern {
        body(try .jsonPath(expression, pattern))
    }

    /// The same pattern with another method, e.g. `.get("/a").withMethod("HEAD")`.
    public func withMethod(_ method: String) -> RequestPattern {
        var copy = self
        copy.method = RequestMethod(method)
        return copy
    }
}
