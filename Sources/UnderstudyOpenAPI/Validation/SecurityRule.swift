import UnderstudyCore
import UnderstudyJSON

/// An operation's `security`: alternatives, any one of which is enough, each a set of schemes that
/// must all be present. Only presence is checked (a mock does not judge credentials): an API key
/// in its header, query parameter or cookie; `Authorization` with the HTTP scheme's name (Basic,
/// Bearer, …); a bearer token for OAuth 2 and OpenID Connect. Mutual TLS cannot be seen from a
/// request and counts as present.
struct SecurityRule: Sendable {
    /// One scheme of a requirement, as the request must carry it.
    enum Credential: Sendable, Equatable {
        case apiKey(name: String, location: ParameterLocation)
        case authorization(scheme: String)
        case unseen
    }

    /// Any one of these, each with every credential in it; empty: nothing required.
    let alternatives: [[Credential]]
    /// `#/…/security` of the operation, or of the document when the operation inherits it.
    let pointer: String

    /// Reads `security` (the operation's, else the document's) against `components/securitySchemes`.
    /// A requirement naming an unknown scheme is left out: it cannot be checked.
    init?(operation: JSONValue, at operationPointer: String, document: JSONValue) {
        let own = operation["security"]
        guard let requirements = (own ?? document["security"])?.arrayValue, !requirements.isEmpty else {
            return nil
        }
        let schemes = document["components"]?["securitySchemes"]?.objectValue ?? JSONObject()
        var alternatives: [[Credential]] = []
        for requirement in requirements {
            guard let names = requirement.objectValue?.keys else { continue }
            var credentials: [Credential] = []
            var known = true
            for name in names {
                guard let scheme = schemes[name].map({ SpecPointer.followingReferences($0, in: document) }),
                    let credential = Self.credential(scheme)
                else {
                    known = false
                    break
                }
                credentials.append(credential)
            }
            // `{}` among the alternatives makes security optional.
            if known { alternatives.append(credentials) }
        }
        guard !alternatives.isEmpty, !alternatives.contains(where: \.isEmpty) else { return nil }
        self.alternatives = alternatives
        self.pointer = own == nil ? "/security" : operationPointer + "/security"
    }

    private static func credential(_ scheme: JSONValue) -> Credential? {
        switch scheme["type"]?.stringValue?.lowercased() {
        case "apikey":
            guard let name = scheme["name"]?.stringValue,
                let location = scheme["in"]?.stringValue.flatMap(ParameterLocation.init(rawValue:))
            else { return nil }
            return .apiKey(name: name, location: location)
        case "http":
            guard let name = scheme["scheme"]?.stringValue, !name.isEmpty else { return nil }
            return .authorization(scheme: name.lowercased())
        case "oauth2", "openidconnect":
            return .authorization(scheme: "bearer")
        case "mutualtls":
            return .unseen
        default:
            return nil
        }
    }

    /// Whether the request carries every credential of at least one alternative.
    func isSatisfied(by request: LoggedRequest) -> Bool {
        alternatives.contains { $0.allSatisfy { Self.carries($0, request) } }
    }

    private static func carries(_ credential: Credential, _ request: LoggedRequest) -> Bool {
        switch credential {
        case .unseen:
            return true
        case .apiKey(let name, .header):
            return request.headers.values(name).contains { !$0.isEmpty }
        case .apiKey(let name, .query):
            return request.queryParameters.contains { $0.name == name && $0.values.contains { !$0.isEmpty } }
        case .apiKey(let name, .cookie):
            return request.cookies.contains { $0.name == name }
        case .apiKey(_, .path):
            return true
        case .authorization(let scheme):
            return request.headers.values("Authorization").contains { value in
                let parts = value.split(separator: " ", maxSplits: 1)
                return parts.count == 2 && parts[0].lowercased() == scheme
                    && !parts[1].trimmingCharacters(in: .whitespaces).isEmpty
            }
        }
    }

    /// What a client is told is missing: "HTTP basic credentials, or the X-API-Key header".
    var missing: String {
        alternatives.map { credentials in
            credentials.map { credential in
                switch credential {
                case .apiKey(let name, let location): return "the \(name) \(location.rawValue) parameter"
                case .authorization("basic"): return "HTTP basic credentials"
                case .authorization("bearer"): return "a bearer token"
                case .authorization(let scheme): return "an Authorization header with the \(scheme) scheme"
                case .unseen: return "a client certificate"
                }
            }.joined(separator: " and ")
        }.joined(separator: ", or ")
    }

    /// `WWW-Authenticate` challenges for the HTTP schemes among the alternatives (RFC 9110 §11.6.1).
    var challenges: [String] {
        var result: [String] = []
        for credentials in alternatives {
            for case .authorization(let scheme) in credentials {
                let challenge =
                    switch scheme {
                    case "basic": #"Basic realm="understudy""#
                    case "bearer": "Bearer"
                    default: scheme.prefix(1).uppercased() + scheme.dropFirst()
                    }
                if !result.contains(challenge) { result.append(challenge) }
            }
        }
        return result
    }
}
