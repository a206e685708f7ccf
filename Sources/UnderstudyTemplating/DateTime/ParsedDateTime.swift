/// A date-time read from an expected or actual value: a wall clock plus, when the text said so,
/// the UTC offset it was written in. No offset means a local date-time (Java's `LocalDateTime`).
struct ParsedDateTime: Sendable, Hashable {
    var wallClock: WallClock
    /// Seconds east of UTC, or nil for a local (zone-less) value.
    var offsetSeconds: Int?

    var isZoned: Bool { offsetSeconds != nil }

    /// The instant on a UTC wall clock. A local value is read as UTC: Understudy's stand-in for
    /// WireMock's "system time zone", which is UTC in the usual container set-up.
    var instant: WallClock {
        WallClock(seconds: wallClock.seconds - (offsetSeconds ?? 0), nanos: wallClock.nanos)
    }

    /// Keeps the offset and changes the wall clock, as Java does when it truncates or shifts a
    /// `ZonedDateTime` with a fixed offset.
    func withWallClock(_ transform: (WallClock) -> WallClock) -> ParsedDateTime {
        ParsedDateTime(wallClock: transform(wallClock), offsetSeconds: offsetSeconds)
    }
}
