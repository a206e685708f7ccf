/// One compiled element of a Java date-time pattern.
indirect enum JavaDateTimeToken: Sendable, Hashable {
    /// Text that must appear exactly.
    case literal([UInt8])
    /// A decimal field read with between `min` and `max` digits.
    case number(JavaNumericField, min: Int, max: Int)
    /// `yy`: exactly two digits meaning 2000-2099.
    case twoDigitYear
    /// `S…`: exactly `digits` fraction-of-second digits.
    case fraction(digits: Int)
    case monthName(full: Bool)
    case weekdayName(full: Bool)
    case amPm
    /// `X`, `x`, `Z`: a numeric offset; `zeroAsZ` also allows `Z` for zero.
    case offset(zeroAsZ: Bool)
    /// `O`, `ZZZZ`: `GMT`, optionally followed by a numeric offset.
    case localizedOffset
    /// `z`, `VV`: a zone name or id such as `GMT`, `PST` or `Europe/Paris`.
    case zone
    /// `[...]`: read if present.
    case optional([JavaDateTimeToken])

    var isNumeric: Bool {
        switch self {
        case .number, .twoDigitYear, .fraction: return true
        default: return false
        }
    }
}

/// The numeric fields a pattern letter can fill.
enum JavaNumericField: Sendable, Hashable {
    case year, month, day
    /// `H` 0-23, `k` 1-24, `K` 0-11, `h` 1-12.
    case hourOfDay, clockHourOfDay, hourOfAmPm, clockHourOfAmPm
    case minute, second

    var validRange: ClosedRange<Int> {
        switch self {
        case .year: return 0...999_999_999
        case .month: return 1...12
        case .day: return 1...31
        case .hourOfDay: return 0...23
        case .clockHourOfDay: return 1...24
        case .hourOfAmPm: return 0...11
        case .clockHourOfAmPm: return 1...12
        case .minute, .second: return 0...59
        }
    }
}
