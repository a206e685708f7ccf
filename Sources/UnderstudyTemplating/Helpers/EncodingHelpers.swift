import Foundation

/// `base64`, `urlEncode` and `formData`.
extension TemplateHelpers {
    static let encoding: [String: TemplateHelper] = [
        "base64": { call throws(RenderFailure) in
            let text = try call.content() ?? ""
            if call.hashFlag("decode") {
                var padded = text.trimmingCharacters(in: .whitespacesAndNewlines)
                while padded.utf8.count % 4 != 0 { padded += "=" }
                guard let data = Data(base64Encoded: padded) else {
                    return HelperInvocation.softError("\(text) is not valid base64")
                }
                return .string(String(decoding: data, as: UTF8.self))
            }
            var encoded = Data(text.utf8).base64EncodedString()
            if let padding = call.hash("padding"), !padding.isTruthy {
                while encoded.hasSuffix("=") { encoded.removeLast() }
            }
            return .string(encoded)
        },
        "urlEncode": { call throws(RenderFailure) in
            let text = try call.content() ?? ""
            if call.hashFlag("decode") { return .string(FormDecoding.decode(text, plusAsSpace: true)) }
            return .string(formEncode(text))
        },
        "formData": { call in
            let text = (call.param(0) ?? .null).text
            let decode = call.hashFlag("urlDecode")
            var pairs: [(key: String, value: TemplateValue)] = []
            var indexByName: [String: Int] = [:]
            for field in text.split(separator: "&", omittingEmptySubsequences: true) {
                let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = decode ? FormDecoding.decode(String(parts[0]), plusAsSpace: true) : String(parts[0])
                let raw = parts.count > 1 ? String(parts[1]) : ""
                let value = decode ? FormDecoding.decode(raw, plusAsSpace: true) : raw
                if let i = indexByName[name], case .multi(let values) = pairs[i].value {
                    pairs[i].value = .multi(values + [value])
                } else {
                    indexByName[name] = pairs.count
                    pairs.append((name, .multi([value])))
                }
            }
            guard let variable = call.param(1)?.text else { return .dictionary(pairs) }
            call.assign(variable, .dictionary(pairs))
            return .null
        }
    ]

    /// Java's `URLEncoder.encode(text, UTF-8)`: letters, digits and `.-*_` stay; space is `+`.
    static func formEncode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "_"):
                result.unicodeScalars.append(UnicodeScalar(byte))
            case UInt8(ascii: " "):
                result += "+"
            default:
                let hex = Array("0123456789ABCDEF")
                result += "%"
                result.append(hex[Int(byte >> 4)])
                result.append(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }
}
