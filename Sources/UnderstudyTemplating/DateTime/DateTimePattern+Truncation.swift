import Foundation

extension DateTimePattern {
    /// How to round a date-time before comparing it, named as WireMock names them in JSON.
    ///
    /// Every truncation works on the value's own wall clock (its written offset, or UTC for
    /// `now`) and, except the first three, lands on midnight: `last day of month` is the *start*
    /// of the month's last day, not its end.
    public enum Truncation: String, Sendable, CaseIterable {
        /// The first second of the minute.
        case firstSecondOfMinute = "first second of minute"
        /// The first minute of the hour.
        case firstMinuteOfHour = "first minute of hour"
        /// The first hour of the day.
        case firstHourOfDay = "first hour of day"
        /// The first day of the month.
        case firstDayOfMonth = "first day of month"
        /// The first day of the next month.
        case firstDayOfNextMonth = "first day of next month"
        /// The last day of the month.
        case lastDayOfMonth = "last day of month"
        /// The first day of the year.
        case firstDayOfYear = "first day of year"
        /// The first day of the next year.
        case firstDayOfNextYear = "first day of next year"
        /// The last day of the year.
        case lastDayOfYear = "last day of year"

        /// Reads a truncation as WireMock does: case-insensitive, with spaces or underscores
        /// (`first day of month` and `FIRST_DAY_OF_MONTH` are the same).
        init(name: String) throws(DateTimeMatchError) {
            let normalised = name.lowercased().replacingOccurrences(of: "_", with: " ")
            guard let truncation = Truncation(rawValue: normalised) else {
                let names = Truncation.allCases.map(\.rawValue).joined(separator: ", ")
                throw DateTimeMatchError("Unknown date-time truncation '\(name)': expected one of \(names)")
            }
            self = truncation
        }

        func truncate(_ clock: WallClock) -> WallClock {
            let (year, month, _) = clock.date
            switch self {
            case .firstSecondOfMinute: return Self.roundDown(clock, to: 60)
            case .firstMinuteOfHour: return Self.roundDown(clock, to: 3600)
            case .firstHourOfDay: return Self.roundDown(clock, to: CivilCalendar.secondsPerDay)
            case .firstDayOfMonth: return .startOfDay(year: year, month: month, day: 1)
            case .firstDayOfNextMonth:
                return month == 12
                    ? .startOfDay(year: year + 1, month: 1, day: 1) : .startOfDay(year: year, month: month + 1, day: 1)
            case .lastDayOfMonth:
                return .startOfDay(year: year, month: month, day: CivilCalendar.daysInMonth(year: year, month: month))
            case .firstDayOfYear: return .startOfDay(year: year, month: 1, day: 1)
            case .firstDayOfNextYear: return .startOfDay(year: year + 1, month: 1, day: 1)
            case .lastDayOfYear: return .startOfDay(year: year, month: 12, day: 31)
            }
        }

        private static func roundDown(_ clock: WallClock, to unitSeconds: Int) -> WallClock {
            WallClock(seconds: CivilCalendar.floorDivide(clock.seconds, unitSeconds) * unitSeconds)
        }
    }
}
