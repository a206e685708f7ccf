import Foundation

/// A `java.text.SimpleDateFormat` pattern for output (`yyyy-MM-dd`, `EEE, d MMM yyyy HH:mm:ss Z`),
/// which is what WireMock's `now format='…'` uses. Compiled once per helper call, printed per date.
struct JavaDateFormatPattern {
    enum Piece {
        case literal(String)
        case field(Character, count: Int)
    }

    let pieces: [Piece]

    /// Throws the message SimpleDateFormat would give for a letter it does not know.
    init(_ pattern: String) throws(JavaDateFormatError) {
        var pieces: [Piece] = []
        let characters = Array(pattern)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == "'" {
                if i + 1 < characters.count, characters[i + 1] == "'" {
                    pieces.append(.literal("'"))
                    i += 2
                    continue
                }
                var text = ""
                i += 1
                while i < characters.count {
                    if characters[i] == "'" {
                        if i + 1 < characters.count, characters[i + 1] == "'" {
                            text.append("'")
                            i += 2
                            continue
                        }
                        break
                    }
                    text.append(characters[i])
                    i += 1
                }
                guard i < characters.count else {
                    throw JavaDateFormatError("Unterminated quote in date format '\(pattern)'")
                }
                i += 1
                pieces.append(.literal(text))
            } else if c.isASCII, c.isLetter {
                var count = 0
                while i < characters.count, characters[i] == c {
                    count += 1
                    i += 1
                }
                guard "GyYMLdHkKhmsSEaDuzZXwWF".contains(c) else {
                    throw JavaDateFormatError("Illegal pattern character '\(c)'")
                }
                pieces.append(.field(c, count: count))
            } else {
                pieces.append(.literal(String(c)))
                i += 1
            }
        }
        self.pieces = pieces
    }

    func format(_ clock: WallClock, offsetSeconds: Int, zone: TimeZone?) -> String {
        var text = ""
        let (year, month, day) = clock.date
        let secondOfDay = clock.secondOfDay
        let hour = secondOfDay / 3600
        let weekday = CivilCalendar.dayOfWeek(days: clock.days)
        for piece in pieces {
            switch piece {
            case .literal(let literal):
                text += literal
            case .field(let letter, let count):
                switch letter {
                case "G": text += "AD"
                case "y", "Y":
                    count == 2 ? TemplateDate.pad(year % 100, 2, &text) : TemplateDate.pad(year, count, &text)
                case "M", "L":
                    if count >= 4 {
                        text += DateNames.fullMonths[month - 1]
                    } else if count == 3 {
                        text += DateNames.shortMonths[month - 1]
                    } else {
                        TemplateDate.pad(month, count, &text)
                    }
                case "d": TemplateDate.pad(day, count, &text)
                case "H": TemplateDate.pad(hour, count, &text)
                case "k": TemplateDate.pad(hour == 0 ? 24 : hour, count, &text)
                case "K": TemplateDate.pad(hour % 12, count, &text)
                case "h": TemplateDate.pad(hour % 12 == 0 ? 12 : hour % 12, count, &text)
                case "m": TemplateDate.pad(secondOfDay / 60 % 60, count, &text)
                case "s": TemplateDate.pad(secondOfDay % 60, count, &text)
                case "S": TemplateDate.pad(clock.nanos / 1_000_000, count, &text)
                case "E":
                    text += count >= 4 ? DateNames.fullWeekdays[weekday - 1] : DateNames.shortWeekdays[weekday - 1]
                case "u": TemplateDate.pad(weekday, count, &text)
                case "a": text += hour < 12 ? "AM" : "PM"
                case "D":
                    let dayOfYear = clock.days - CivilCalendar.days(year: year, month: 1, day: 1) + 1
                    TemplateDate.pad(dayOfYear, count, &text)
                case "z":
                    text +=
                        offsetSeconds == 0 && (zone == nil || zone?.identifier == "UTC")
                        ? "UTC"
                        : (zone?.abbreviation(
                            for: Date(timeIntervalSince1970: TimeInterval(clock.seconds - offsetSeconds))) ?? "UTC")
                case "Z": Self.offset(offsetSeconds, colon: false, zeroAsZ: false, hoursOnly: false, &text)
                case "X":
                    Self.offset(offsetSeconds, colon: count >= 3, zeroAsZ: true, hoursOnly: count == 1, &text)
                default:
                    // w, W, F: rarely used week fields; printed as the ISO week-based value would need more
                    // calendar rules than anyone asked for, so they print the day of month's week.
                    TemplateDate.pad((day - 1) / 7 + 1, count, &text)
                }
            }
        }
        return text
    }

    private static func offset(_ seconds: Int, colon: Bool, zeroAsZ: Bool, hoursOnly: Bool, _ text: inout String) {
        if seconds == 0, zeroAsZ {
            text += "Z"
            return
        }
        text += seconds < 0 ? "-" : "+"
        TemplateDate.pad(abs(seconds) / 3600, 2, &text)
        if hoursOnly { return }
        if colon { text += ":" }
        TemplateDate.pad(abs(seconds) / 60 % 60, 2, &text)
    }
}

struct JavaDateFormatError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
