import Foundation
import UnderstudyJSON

/// `jwt` and `parseJwt`. `jwt` follows WireMock's JWT extension (`iss` "wiremock", `aud`
/// "wiremock.io", `sub` "user-123", `exp` 36,500 days on, unless given; other hash arguments become
/// claims), but takes its key from the mapping: `secret=` for HS256, `privateKey=` (PEM) for RS256.
extension TemplateHelpers {
    /// Hash arguments that configure the token rather than become claims.
    static let jwtOptions: Set<String> = [
        "alg", "secret", "privateKey", "kid", "maxAge", "exp", "nbf", "iss", "aud", "sub"
    ]

    static let jwt: [String: TemplateHelper] = [
        "jwt": { call in makeJWT(call) },
        "parseJwt": { call in parseJWT(call) }
    ]

    private static func makeJWT(_ call: HelperInvocation) -> TemplateValue {
        let algorithm = call.hashText("alg") ?? "HS256"
        guard algorithm == "HS256" || algorithm == "RS256" else {
            return HelperInvocation.softError("jwt: alg must be HS256 or RS256, not '\(algorithm)'")
        }
        let now = Int(call.renderer.now.timeIntervalSince1970.rounded(.down))
        var payload = JSONObject()
        payload["iss"] = .string(call.hashText("iss") ?? "wiremock")
        payload["aud"] = .string(call.hashText("aud") ?? "wiremock.io")
        payload["sub"] = .string(call.hashText("sub") ?? "user-123")
        if let exp = call.hash("exp") {
            guard let seconds = epochSeconds(exp) else { return HelperInvocation.softError("jwt: exp must be a date") }
            payload["exp"] = .int(seconds)
        } else {
            switch maxAge(call.hashText("maxAge")) {
            case .success(let age):
                let (exp, overflow) = now.addingReportingOverflow(age)
                guard !overflow else { return HelperInvocation.softError("maxAge is too large") }
                payload["exp"] = .int(exp)
            case .failure(let message): return HelperInvocation.softError(message.text)
            }
        }
        if let nbf = call.hash("nbf") {
            guard let seconds = epochSeconds(nbf) else { return HelperInvocation.softError("jwt: nbf must be a date") }
            payload["nbf"] = .int(seconds)
        }
        payload["iat"] = .int(now)
        for (key, value) in call.hash where !jwtOptions.contains(key) { payload[key] = claim(value) }

        var header = JSONObject()
        header["alg"] = .string(algorithm)
        header["typ"] = "JWT"
        if let kid = call.hashText("kid") { header["kid"] = .string(kid) }
        let signingInput =
            Base64URL.encode(Array(JSONWriter.string(.object(header)).utf8)) + "."
            + Base64URL.encode(Array(JSONWriter.string(.object(payload)).utf8))
        let signature: [UInt8]
        if algorithm == "HS256" {
            guard let secret = call.hashText("secret"), !secret.isEmpty else {
                return HelperInvocation.softError("jwt: HS256 needs a key: secret='…'")
            }
            signature = SHA256.hmac(key: Array(secret.utf8), message: Array(signingInput.utf8))
        } else {
            guard let pem = call.hashText("privateKey"), !pem.isEmpty else {
                return HelperInvocation.softError("jwt: RS256 needs a key: privateKey='-----BEGIN PRIVATE KEY-----…'")
            }
            guard let signer = call.renderer.environment.rsaSigner else {
                return HelperInvocation.softError(
                    "jwt: RS256 signing is not available here (it comes with the UnderstudyJWT module)")
            }
            do {
                signature = try signer.signRS256(Array(signingInput.utf8), privateKeyPEM: pem)
            } catch {
                return HelperInvocation.softError("jwt: could not sign with the RS256 key: \(error)")
            }
        }
        return .string(signingInput + "." + Base64URL.encode(signature))
    }

    /// `{{parseJwt token}}`: `{"header":{…},"payload":{…}}` (a leading `Bearer ` is ignored), or
    /// with a second parameter, stored under that name. With `secret=`, an HS256 token whose
    /// signature does not verify is an error. The signature is not otherwise checked.
    private static func parseJWT(_ call: HelperInvocation) -> TemplateValue {
        var token = (call.param(0) ?? .null).text.trimmingCharacters(in: .whitespaces)
        if token.lowercased().hasPrefix("bearer ") {
            token = String(token.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]),
            let payloadBytes = Base64URL.decode(parts[1]),
            case .object(let header)? = try? JSONParser.parse(String(decoding: headerBytes, as: UTF8.self)),
            case .object(let payload)? = try? JSONParser.parse(String(decoding: payloadBytes, as: UTF8.self))
        else {
            return HelperInvocation.softError("parseJwt: '\(token)' is not a valid JWT")
        }
        if let secret = call.hashText("secret") {
            let expected = SHA256.hmac(key: Array(secret.utf8), message: Array("\(parts[0]).\(parts[1])".utf8))
            guard header["alg"]?.stringValue == "HS256", Base64URL.decode(parts[2]) == expected else {
                return HelperInvocation.softError("parseJwt: the token's HS256 signature does not verify")
            }
        }
        let parsed = JSONValue.object(["header": .object(header), "payload": .object(payload)])
        guard let variable = call.param(1)?.text else { return .json(parsed) }
        call.assign(variable, .json(parsed))
        return .null
    }

    private static func epochSeconds(_ value: TemplateValue) -> Int? {
        switch value {
        case .date(let date): return date.seconds
        default: return value.integer
        }
    }

    /// A claim as JSON: dates as NumericDate seconds, lists as arrays.
    private static func claim(_ value: TemplateValue) -> JSONValue {
        switch value {
        case .date(let date): return .int(date.seconds)
        case .list(let items): return .array(items.map(claim))
        default: return value.jsonValue
        }
    }

    private struct Message: Error { let text: String }

    /// `'12 days'` as seconds: a whole number and seconds, minutes, hours or days.
    private static func maxAge(_ text: String?) -> Result<Int, Message> {
        guard let text else { return .success(36_500 * 86_400) }
        let parts = text.split(separator: " ")
        guard parts.count == 2 else {
            return .failure(Message(text: "maxAge must consist of two parts - amount and unit e.g. 12 days"))
        }
        guard let amount = Int(parts[0]) else { return .failure(Message(text: "maxAge amount must be a whole number")) }
        let units = ["seconds": 1, "minutes": 60, "hours": 3_600, "days": 86_400]
        guard let unit = units[parts[1].lowercased()] else {
            return .failure(Message(text: "maxAge unit must be one of: seconds, minutes, hours, days"))
        }
        let (seconds, overflow) = amount.multipliedReportingOverflow(by: unit)
        return overflow ? .failure(Message(text: "maxAge is too large")) : .success(seconds)
    }
}
