/// The parameters of one `Authorization: Digest …` header (RFC 7616 §3.4), as sent.
struct DigestAuthorization: Sendable, Equatable {
    var parameters: [String: String]

    /// Nil unless the header uses the Digest scheme and its parameters parse.
    init?(header: String) {
        var scanner = Substring(header)
        scanner = scanner.drop { $0 == " " || $0 == "\t" }
        guard scanner.prefix(6).lowercased() == "digest",
            scanner.dropFirst(6).first == " " || scanner.dropFirst(6).first == "\t"
        else { return nil }
        scanner = scanner.dropFirst(6)
        guard let parameters = Self.parameters(scanner) else { return nil }
        self.parameters = parameters
    }

    subscript(_ name: String) -> String? { parameters[name] }

    /// `name=token` or `name="quoted string"` pairs separated by commas; names lower-cased.
    private static func parameters(_ text: Substring) -> [String: String]? {
        var result: [String: String] = [:]
        var rest = text
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
            if rest.isEmpty { return result }
            guard let equals = rest.firstIndex(of: "=") else { return nil }
            let name = rest[..<equals].trimmingSpaces().lowercased()
            guard !name.isEmpty else { return nil }
            rest = rest[rest.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                var closed = false
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if character == "\\", let escaped = rest.first {
                        value.append(escaped)
                        rest = rest.dropFirst()
                    } else if character == "\"" {
                        closed = true
                        break
                    } else {
                        value.append(character)
                    }
                }
                guard closed else { return nil }
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                value = String(rest[..<end].trimmingSpaces())
                rest = rest[end...]
            }
            result[name] = value
        }
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var trimmed = drop { $0 == " " || $0 == "\t" }
        while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
        return trimmed
    }
}
