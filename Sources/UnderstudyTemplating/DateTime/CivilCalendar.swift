/// Proleptic Gregorian calendar arithmetic on plain integers, the calendar `java.time` uses.
///
/// Pure integer math keeps date matching allocation-free and independent of `Calendar` and the
/// process time zone. Templates and the gRPC timestamp forms share it. Days are counted from 1970-01-01 (day 0); negative days are before it.
package enum CivilCalendar {
    package static let secondsPerDay = 86_400

    package static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    package static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a valid year, month (1...12) and day.
    ///
    /// Counts in 400-year eras whose years start in March, so the leap day falls at the end of
    /// a year and the month lengths follow a fixed pattern.
    package static func days(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = floorDivide(marchYear, 400)
        let yearOfEra = marchYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month and day of a count of days since 1970-01-01; the inverse of `days`.
    package static func date(fromDays count: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = count + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// ISO day of week, 1 = Monday ... 7 = Sunday. 1970-01-01 was a Thursday.
    package static func dayOfWeek(days: Int) -> Int {
        floorModulo(days + 3, 7) + 1
    }

    package static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    package static func floorModulo(_ value: Int, _ divisor: Int) -> Int {
        value - floorDivide(value, divisor) * divisor
    }
}
