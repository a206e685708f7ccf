import Foundation

/// Lets an `/__admin` request through only when it carries the configured token, as
/// `Authorization: Bearer <token>` or `X-Understudy-Admin-Token: <token>`.
package struct AdminTokenGate: Sendable {
    /// The second header, for clients that cannot set `Authorization` (or use it for something else).
    package static let tokenHeader = "X-Understudy-Admin-Token"

    private let expected: [UInt8]

    package init(token: String) {
        expected = Array(token.utf8)
    }

    /// True when one of the request's token headers holds the expected token.
    package func admits(_ headers: HeaderFields) -> Bool {
        var admitted = false
        // Every candidate is compared, so the time taken does not tell which header was close.
        for value in headers.values("Authorization") {
            if let token = Self.bearerToken(value), Self.constantTimeEqual(Array(token.utf8), expected) {
                admitted = true
            }
        }
        for value in headers.values(Self.tokenHeader) {
            if Self.constantTimeEqual(Array(Self.trimmed(Substring(value)).utf8), expected) { admitted = true }
        }
        return admitted
    }

    /// The 401 answer, in WireMock's error shape.
    package var refusal: AdminResponse {
        var response = AdminResponse.json(
            MappingError.body([
                MappingError(
                    code: 10, title: "Not authorised",
                    detail:
                        "This admin API needs a token: send Authorization: Bearer <token> or \(Self.tokenHeader): <token>"
                )
            ]),
            status: 401)
        response.headers.add("WWW-Authenticate", #"Bearer realm="understudy admin""#)
        return response
    }

    /// The token of an `Authorization: Bearer …` value; the scheme name is case-insensitive (RFC 9110 §11.1).
    package static func bearerToken(_ value: String) -> Substring? {
        let text = trimmed(Substring(value))
        guard let space = text.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return nil }
        guard text[..<space].lowercased() == "bearer" else { return nil }
        let token = trimmed(text[space...])
        return token.isEmpty ? nil : token
    }

    /// Compares every byte whatever the first difference, so timing does not reveal a matching prefix.
    /// A length difference is folded in rather than returned early.
    package static func constantTimeEqual(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
        var difference = UInt(bitPattern: given.count ^ expected.count)
        for index in expected.indices {
            let byte = index < given.count ? given[index] : 0
            difference |= UInt(byte ^ expected[index])
        }
        return difference == 0 && !expected.isEmpty
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}
