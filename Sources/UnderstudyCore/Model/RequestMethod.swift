/// The HTTP method a stub accepts: any token (`GET`, `KILL` …), `ANY`, or a list
/// (`{"oneOf":["GET","HEAD"]}`, `{"noneOf":["DELETE"]}`, as WireMock 3.10 and later write it).
public enum RequestMethod: Sendable, Hashable, CustomStringConvertible {
    /// Any method (`ANY`).
    case any
    /// Exactly this method, compared case-sensitively.
    case token(String)
    /// Any of these methods. Order is kept as written, so a mapping encodes back unchanged.
    case oneOf([String])
    /// Every method but these.
    case noneOf([String])

    /// `ANY`, or that one method.
    public init(_ text: String) {
        self = text == "ANY" ? .any : .token(text)
    }

    /// As WireMock's near-miss report shows it: `GET`, `ANY`, `oneOf: [GET, PUT]`.
    public var description: String {
        switch self {
        case .any: return "ANY"
        case .token(let t): return t
        case .oneOf(let list): return "oneOf: [" + list.joined(separator: ", ") + "]"
        case .noneOf(let list): return "noneOf: [" + list.joined(separator: ", ") + "]"
        }
    }

    /// True when `method` is accepted.
    public func matches(_ method: String) -> Bool {
        switch self {
        case .any: return true
        case .token(let t): return t == method
        case .oneOf(let list): return list.contains(method)
        case .noneOf(let list): return !list.contains(method)
        }
    }
}
