extension Duration {
    /// A delay of `milliseconds`, as a stub's numbers give it: anything below zero (a lognormal
    /// with a negative median, as WireMock accepts) or not a number is no delay, and anything past
    /// a year is a year, so no number written in a stub can overflow the conversion and stop the
    /// server.
    static func delay(milliseconds: Double) -> Duration {
        guard milliseconds.isFinite || milliseconds == .infinity, milliseconds > 0 else { return .zero }
        return .microseconds(Int64(min(milliseconds, 365 * 24 * 3_600_000) * 1000))
    }
}
