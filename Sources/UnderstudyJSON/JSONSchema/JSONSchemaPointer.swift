import Foundation

/// JSON Pointer (RFC 6901) helpers for `$ref` fragments and for naming instance locations; the
/// OpenAPI module resolves its spec pointers with them too.
package enum JSONSchemaPointer {
    /// The reference tokens of a pointer such as `/definitions/a~1b`, percent-decoded first
    /// because a pointer inside a URI fragment may be percent-encoded.
    package static func tokens(fromFragment fragment: String) -> [String]? {
        // ASCII without `%` (nearly every pointer) is split and unescaped byte by byte:
        // Foundation's string replacing is slow on Linux, and every `$ref` asks. Other text keeps
        // the character-level code, whose grapheme rules a byte split would not share.
        if !fragment.utf8.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "%") }) {
            if fragment.isEmpty { return [] }
            guard fragment.utf8.first == UInt8(ascii: "/") else { return nil }
            return fragment.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
                .map { unescapeBytes(Substring($0)) }
        }
        let decoded = fragment.removingPercentEncoding ?? fragment
        if decoded.isEmpty { return [] }
        guard decoded.hasPrefix("/") else { return nil }
        return decoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { token in
            // "~1" first would turn "~01" into "/"; the RFC says to decode "~1" then "~0".
            token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// A token with `~1` read as `/` and then `~0` as `~` (RFC 6901: so `~01` is `~1`), byte by
    /// byte; any other `~` stays, as with the string replacing above. The OpenAPI module's spec
    /// pointers unescape with it too.
    package static func unescapeBytes(_ token: Substring) -> String {
        guard token.utf8.contains(UInt8(ascii: "~")) else { return String(token) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(token.utf8.count)
        var iterator = token.utf8.makeIterator()
        var pending = iterator.next()
        while let byte = pending {
            pending = iterator.next()
            guard byte == UInt8(ascii: "~"), let next = pending, next == UInt8(ascii: "0") || next == UInt8(ascii: "1")
            else {
                bytes.append(byte)
                continue
            }
            bytes.append(next == UInt8(ascii: "0") ? UInt8(ascii: "~") : UInt8(ascii: "/"))
            pending = iterator.next()
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A key as one token: `~` as `~0` and `/` as `~1`.
    package static func escape(_ token: String) -> String {
        guard token.utf8.allSatisfy({ $0 < 0x80 }) else {
            // Beyond ASCII, characters (not bytes) are compared, as always.
            guard token.contains("~") || token.contains("/") else { return token }
            return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }
        return escapeBytes(token)
    }

    /// ``escape(_:)`` byte by byte, for any text: the ASCII case above, and the OpenAPI module's
    /// spec pointers.
    package static func escapeBytes(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(token.utf8.count + 4)
        for byte in token.utf8 {
            switch byte {
            case UInt8(ascii: "~"): bytes += [UInt8(ascii: "~"), UInt8(ascii: "0")]
            case UInt8(ascii: "/"): bytes += [UInt8(ascii: "~"), UInt8(ascii: "1")]
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
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
