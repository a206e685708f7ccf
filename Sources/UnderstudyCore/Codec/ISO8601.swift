import Foundation

/// ISO-8601 in UTC with milliseconds, as WireMock writes dates (the journal's `loggedDate`, the
/// admin API's `timestamp`), and read with or without the fraction (its `since`).
package enum ISO8601 {
    package static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt))
    }

    package static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }
}
