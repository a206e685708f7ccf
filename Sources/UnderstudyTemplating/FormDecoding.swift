import Foundation

// Shared with UnderstudyCore (queries, forms and cookies of a logged request) through `package`
// access: the templating module sits below the core and needs the same decoding for
// `{{request.query…}}`, `urlEncode` and `formData`.
/// Percent-decoding for queries, forms and cookies.
package enum FormDecoding {
    package static func parameters(_ text: String) -> [(name: String, values: [String])] {
        var result: [(name: String, values: [String])] = []
        var indexByName: [String: Int] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let name: String
            let value: String
            if let eq = pair.firstIndex(of: "=") {
                name = decode(String(pair[..<eq]), plusAsSpace: true)
                value = decode(String(pair[pair.index(after: eq)...]), plusAsSpace: true)
            } else {
                name = decode(String(pair), plusAsSpace: true)
                value = ""
            }
            if let i = indexByName[name] {
                result[i].values.append(value)
            } else {
                indexByName[name] = result.count
                result.append((name, [value]))
            }
        }
        return result
    }

    /// Decodes `%XX` (and `+` when asked); malformed escapes are kept as written.
    package static func decode(_ text: String, plusAsSpace: Bool) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) else {
            return text
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "+") && plusAsSpace {
                bytes.append(0x20)
            } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let hi = hexValue(iterator[iterator.startIndex]), let lo = hexValue(iterator[iterator.startIndex + 1])
            {
                bytes.append(hi << 4 | lo)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
