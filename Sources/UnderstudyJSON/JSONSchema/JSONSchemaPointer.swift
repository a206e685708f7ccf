import Foundation

/// JSON Pointer (RFC 6901) helpers for `$ref` fragments and for naming instance locations; the
/// OpenAPI module resolves its spec pointers with them too.
package enum JSONSchemaPointer {
    /// The reference tokens of a pointer such as `/definitions/a~1b`, percent-decoded first
    /// because a pointer inside a URI fragment may be percent-encoded.
    package static func tokens(fromFragment fragment: String) -> [String]? {
        let decoded = fragment.removingPercentEncoding ?? fragment
        if decoded.isEmpty { return [] }
        guard decoded.hasPrefix("/") else { return nil }
        return decoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { token in
            // "~1" first would turn "~01" into "/"; the RFC says to decode "~1" then "~0".
            token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    package static func escape(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    package static func string(_ tokens: [String]) -> String {
        var result = ""
        for token in tokens {
            result += "/"
            result += escape(token)
        }
        return result
    }

    /// The value the tokens lead to inside `root`, or nil when they lead nowhere.
    package static func resolve(_ tokens: [String], in root: JSONValue) -> JSONValue? {
        var current = root
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = arrayIndex(token), index < elements.count else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    private static func arrayIndex(_ token: String) -> Int? {
        guard !token.isEmpty, token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        if token.count > 1, token.hasPrefix("0") { return nil }
        return Int(token)
    }
}
