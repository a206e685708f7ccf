/// A JsonUnit placeholder found in an expected string value, recognised once when the pattern is built.
struct JSONEqualityPlaceholder: Sendable {
    enum Kind: Sendable {
        /// `${json-unit.any-string}`: any string.
        case anyString
        /// `${json-unit.any-number}`: any number.
        case anyNumber
        /// `${json-unit.any-boolean}`: `true` or `false`.
        case anyBoolean
        /// `${json-unit.any-array}`: any array.
        case anyArray
        /// `${json-unit.ignore}`: any value including null, but an object member must be present.
        case ignore
        /// `${json-unit.ignore-element}`: any value, and an object member may also be absent.
        case ignoreElement
        /// `${json-unit.regex}re`: a string matched as a whole by `re`.
        case regex(WholeStringRegex)
        /// `${json-unit.matches:name}`: WireMock registers no named matchers, so this never matches.
        case unsupportedMatcher(String)
    }

    let kind: Kind
    /// The expected string exactly as written, so messages and weights can show it.
    let text: String

    /// The placeholder `text` spells, or nil for an ordinary string. Like JsonUnit, `#{…}` works as well as `${…}`
    /// (except for `ignore-element`, which JsonUnit only knows with `$`).
    static func recognise(_ text: String) throws -> JSONEqualityPlaceholder? {
        let utf8 = text.utf8
        guard utf8.count >= 12, let first = utf8.first, first == UInt8(ascii: "$") || first == UInt8(ascii: "#") else {
            return nil
        }
        let body = text.dropFirst()
        guard body.hasPrefix("{json-unit.") else { return nil }
        let name = body.dropFirst("{json-unit.".count)
        let kind: Kind
        switch name {
        case "any-string}": kind = .anyString
        case "any-number}": kind = .anyNumber
        case "any-boolean}": kind = .anyBoolean
        case "any-array}": kind = .anyArray
        case "ignore}": kind = .ignore
        case "ignore-element}" where first == UInt8(ascii: "$"): kind = .ignoreElement
        default:
            if name.hasPrefix("regex}") {
                kind = .regex(try WholeStringRegex(String(name.dropFirst("regex}".count))))
            } else if name.hasPrefix("matches:"), let close = name.firstIndex(of: "}") {
                let matcher = name[name.index(name.startIndex, offsetBy: "matches:".count)..<close]
                guard !matcher.isEmpty else { return nil }
                kind = .unsupportedMatcher(String(matcher))
            } else {
                return nil
            }
        }
        return JSONEqualityPlaceholder(kind: kind, text: text)
    }

    /// Whether `actual` satisfies the placeholder.
    func matches(_ actual: JSONValue) -> Bool {
        switch kind {
        case .anyString:
            if case .string = actual { return true }
            return false
        case .anyNumber:
            if case .number = actual { return true }
            return false
        case .anyBoolean:
            if case .bool = actual { return true }
            return false
        case .anyArray:
            if case .array = actual { return true }
            return false
        case .ignore, .ignoreElement:
            return true
        case .regex(let regex):
            // Like JsonUnit, the regex only applies to strings: `123` is a type mismatch, not a regex test.
            if case .string(let text) = actual { return regex.matches(text) }
            return false
        case .unsupportedMatcher:
            return false
        }
    }

    /// What the placeholder expects, in words, for difference messages.
    var expectation: String {
        switch kind {
        case .anyString: return "any string"
        case .anyNumber: return "any number"
        case .anyBoolean: return "any boolean"
        case .anyArray: return "any array"
        case .ignore, .ignoreElement: return "anything"
        case .regex(let regex): return "a string matching \(regex.pattern)"
        case .unsupportedMatcher(let name): return "matcher '\(name)' (${json-unit.matches} is not supported)"
        }
    }
}
