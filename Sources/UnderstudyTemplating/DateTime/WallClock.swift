/// A date and time of day without a zone, as `java.time.LocalDateTime` models it.
///
/// Stored as seconds since 1970-01-01T00:00 *counted as if the wall clock were UTC*, plus
/// nanoseconds, so comparing two wall clocks is comparing two integers and equality is exact
/// to the nanosecond like Java's.
struct WallClock: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00 on this wall clock. Int is 64-bit on every supported platform.
    var seconds: Int
    /// 0..<1_000_000_000.
    var nanos: Int

    init(seconds: Int, nanos: Int = 0) {
        self.seconds = seconds
        self.nanos = nanos
    }

    /// Builds a wall clock from already validated fields.
    init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, nanos: Int = 0) {
        let days = CivilCalendar.days(year: year, month: month, day: day)
        self.seconds = days * CivilCalendar.secondsPerDay + hour * 3600 + minute * 60 + second
        self.nanos = nanos
    }

    var days: Int { CivilCalendar.floorDivide(seconds, CivilCalendar.secondsPerDay) }
    var secondOfDay: Int { CivilCalendar.floorModulo(seconds, CivilCalendar.secondsPerDay) }
    var date: (year: Int, month: Int, day: Int) { CivilCalendar.date(fromDays: days) }

    /// Midnight at the start of the given date.
    static func startOfDay(year: Int, month: Int, day: Int) -> WallClock {
        WallClock(seconds: CivilCalendar.days(year: year, month: month, day: day) * CivilCalendar.secondsPerDay)
    }

    static func < (lhs: WallClock, rhs: WallClock) -> Bool {
        lhs.seconds != rhs.seconds ? lhs.seconds < rhs.seconds : lhs.nanos < rhs.nanos
    }

    /// Signed difference `self - other` in seconds, as a Double so huge spans cannot overflow.
    func secondsSince(_ other: WallClock) -> Double {
        Double(seconds - other.seconds) + Double(nanos - other.nanos) / 1_000_000_000
    }
}
