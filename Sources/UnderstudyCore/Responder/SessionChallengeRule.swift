/// Which 401 answers URLSession turns into an authentication challenge for its delegate, as
/// measured on Linux (Swift 6.3.1, swift-corelibs-foundation), from a socket and from a
/// URLProtocol alike: a `Basic` challenge with a `realm` parameter (any case, quoted or not, even
/// empty; alone or beside other schemes in one header). Every other 401 (Bearer with or without a
/// realm, Digest, Basic without a realm, no `WWW-Authenticate`) reaches the caller as it is, with
/// its headers and body, and no delegate is asked.
///
/// In-process this matters because a challenge answered with a credential is retried by the
/// built-in HTTP protocol, on the real network, not by the in-process one.
package enum SessionChallengeRule {
    /// True when one of the `WWW-Authenticate` values holds a Basic challenge with a realm.
    package static func raisesChallenge(_ values: [String]) -> Bool {
        values.contains { value in
            challenges(in: value).contains { $0.scheme == "basic" && $0.parameters.contains("realm") }
        }
    }

    /// The challenges of one header value (RFC 9110 §11.6.1): `scheme [token68 | param, …]`, with
    /// further challenges after commas. Scheme and parameter names are lowercased.
    package static func challenges(in value: String) -> [(scheme: String, parameters: Set<String>)] {
        var found: [(scheme: String, parameters: Set<String>)] = []
        for piece in topLevelPieces(of: value) {
            let trimmed = piece.drop { $0 == " " || $0 == "\t" }
            guard !trimmed.isEmpty else { continue }
            let name = trimmed.prefix { $0 != " " && $0 != "\t" && $0 != "=" }
            let rest = trimmed.dropFirst(name.count).drop { $0 == " " || $0 == "\t" }
            if rest.first == "=", !found.isEmpty {
                // `name=value`: a parameter of the challenge before it.
                found[found.count - 1].parameters.insert(name.lowercased())
            } else {
                // `scheme` alone, or `scheme param=value` / `scheme token68`.
                var parameters: Set<String> = []
                let parameter = rest.prefix { $0 != " " && $0 != "\t" && $0 != "=" }
                if rest.dropFirst(parameter.count).drop(while: { $0 == " " || $0 == "\t" }).first == "=" {
                    parameters.insert(parameter.lowercased())
                }
                found.append((name.lowercased(), parameters))
            }
        }
        return found
    }

    /// The value split at commas outside quoted strings.
    private static func topLevelPieces(of value: String) -> [Substring] {
        var pieces: [Substring] = []
        var start = value.startIndex
        var inQuotes = false
        var escaped = false
        for index in value.indices {
            let character = value[index]
            if escaped {
                escaped = false
            } else if inQuotes, character == "\\" {
                escaped = true
            } else if character == "\"" {
                inQuotes.toggle()
            } else if character == ",", !inQuotes {
                pieces.append(value[start..<index])
                start = value.index(after: index)
            }
        }
        pieces.append(value[start...])
        return pieces
    }
}
