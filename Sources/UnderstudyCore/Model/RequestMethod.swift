/// The HTTP method a stub accepts: any token (`GET`, `KILL` …) or `ANY`.
public enum RequestMethod: Sendable, Hashable, CustomStringConvertible {
    case any
    case token(String)

    public init(_ text: String) {
        self = text == "ANY" ? .any : .token(text)
    }

    public var description: String {
        switch self {
        case .any: return "ANY"
        case .token(let t): return t
        }
    }

    public func matches(_ method: String) -> Bool {
        switch self {
        case .any: return true
        case .token(let t): return t == method
        }
    }
}
