import Foundation
import UnderstudyJSON

/// JSON pointers (RFC 6901) into a spec document.
enum SpecPointer {
    /// The reference tokens of `pointer` (`""` is the whole document); nil when it is not a pointer.
    static func tokens(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            let token = String($0).removingPercentEncoding ?? String($0)
            return token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// `tokens` written as a pointer.
    static func string(_ tokens: [String]) -> String {
        tokens.map { "/" + YAMLReader.escape($0) }.joined()
    }

    /// The value at `pointer` inside `root`.
    static func resolve(_ pointer: String, in root: JSONValue) -> JSONValue? {
        guard let tokens = tokens(pointer) else { return nil }
        var current = root
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(token), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }
}
