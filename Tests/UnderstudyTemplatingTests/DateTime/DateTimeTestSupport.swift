import Foundation
import Testing
import UnderstudyTemplating

/// An instant written in ISO-8601 with `Z`, read by Foundation so tests do not check the
/// parser under test with itself.
func utcInstant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else {
        Issue.record("bad test date \(text)")
        return .distantPast
    }
    return date
}

/// `equalToDateTime` with the given literal, which must build.
func equalTo(_ expected: String, actualFormat: String? = nil, truncateActual: String? = nil) throws -> DateTimePattern {
    try DateTimePattern(
        operator: .equalToDateTime, expected: expected, actualFormat: actualFormat, truncateActual: truncateActual)
}
