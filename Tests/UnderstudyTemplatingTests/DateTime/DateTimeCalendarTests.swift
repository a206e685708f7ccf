import Foundation
import Testing

@testable import UnderstudyTemplating

@Suite struct DateTimeCalendarTests {
    @Test func dayCountsAgreeWithFoundationsGregorianCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        // Every 13th day from 1600 to 2400 (Foundation switches to Julian before 1582).
        var days = CivilCalendar.days(year: 1600, month: 1, day: 1)
        let end = CivilCalendar.days(year: 2400, month: 12, day: 31)
        while days <= end {
            let date = Date(timeIntervalSince1970: TimeInterval(days * 86_400))
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let civil = CivilCalendar.date(fromDays: days)
            #expect(civil.year == parts.year && civil.month == parts.month && civil.day == parts.day)
            #expect(CivilCalendar.days(year: civil.year, month: civil.month, day: civil.day) == days)
            // Foundation: 1 = Sunday; ISO: 7 = Sunday.
            #expect(CivilCalendar.dayOfWeek(days: days) == ((parts.weekday ?? 0) + 5) % 7 + 1)
            days += 13
        }
    }

    @Test func roundTripsFarFromTheEpoch() {
        for days in stride(from: -5_000_000, through: 5_000_000, by: 9_973) {
            let civil = CivilCalendar.date(fromDays: days)
            #expect(CivilCalendar.days(year: civil.year, month: civil.month, day: civil.day) == days)
        }
    }

    @Test func knownAnchors() {
        #expect(CivilCalendar.days(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilCalendar.days(year: 2000, month: 3, day: 1) == 11_017)
        #expect(CivilCalendar.dayOfWeek(days: 0) == 4)
        #expect(CivilCalendar.isLeapYear(2000) && !CivilCalendar.isLeapYear(1900) && CivilCalendar.isLeapYear(2024))
    }
}
