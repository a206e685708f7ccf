import Foundation

/// A date a template works with (`now`, `parseDate`, `date`, `truncateDate`): an instant, plus
/// how to print it, as WireMock's `RenderableDate` does.
struct TemplateDate {
    /// Seconds since 1970-01-01T00:00Z.
    var seconds: Int
    /// 0..<1_000_000_000.
    var nanos: Int
    /// `epoch` (milliseconds), `unix` (seconds), a `SimpleDateFormat` pattern, or nil for ISO-8601.
    var format: DateOutputFormat = .iso
    /// The zone to print in; UTC when nil.
    var zone: TimeZone?

    enum DateOutputFormat {
        case iso
        case epochMilliseconds
        case unixSeconds
        case pattern(JavaDateFormatPattern)
    }

    init(seconds: Int, nanos: Int, format: DateOutputFormat = .iso, zone: TimeZone? = nil) {
        self.seconds = seconds
        self.nanos = nanos
        self.format = format
        self.zone = zone
    }

    init(_ date: Date) {
        let raw = date.timeIntervalSince1970
        let interval = raw.isFinite ? min(max(raw, -1e14), 1e14) : 0
        let whole = interval.rounded(.down)
        seconds = Int(whole)
        nanos = min(Int(((interval - whole) * 1_000_000_000).rounded()), 999_999_999)
    }

    var millisecondsSince1970: Int { seconds * 1000 + nanos / 1_000_000 }

    /// Seconds east of UTC in the printing zone at this instant.
    var offsetSeconds: Int {
        guard let zone else { return 0 }
        return zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// The wall clock in the printing zone.
    var wallClock: WallClock { WallClock(seconds: seconds + offsetSeconds, nanos: nanos) }

    var text: String {
        switch format {
        case .epochMilliseconds: return String(millisecondsSince1970)
        case .unixSeconds: return String(seconds)
        case .pattern(let pattern): return pattern.format(wallClock, offsetSeconds: offsetSeconds, zone: zone)
        case .iso: return isoText
        }
    }

    /// `2024-05-06T07:08:09Z`, or `…+10:00` in another zone: Jackson's ISO8601Utils without milliseconds.
    var isoText: String {
        let clock = wallClock
        let (year, month, day) = clock.date
        guard (0...9999).contains(year) else { return isoTextSlow(year, month, day, clock.secondOfDay) }
        let secondOfDay = clock.secondOfDay
        let offset = offsetSeconds
        return String(unsafeUninitializedCapacity: offset == 0 ? 20 : 25) { bytes in
            Self.writeISO(into: bytes, year: year, month: month, day: day, secondOfDay: secondOfDay, offset: offset)
        }
    }

    private static func writeISO(
        into bytes: UnsafeMutableBufferPointer<UInt8>, year: Int, month: Int, day: Int, secondOfDay: Int, offset: Int
    ) -> Int {
        func put(_ value: Int, _ width: Int, at position: Int) {
            var v = value
            for i in stride(from: position + width - 1, through: position, by: -1) {
                bytes[i] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
            }
        }
        put(year, 4, at: 0)
        bytes[4] = UInt8(ascii: "-")
        put(month, 2, at: 5)
        bytes[7] = UInt8(ascii: "-")
        put(day, 2, at: 8)
        bytes[10] = UInt8(ascii: "T")
        put(secondOfDay / 3600, 2, at: 11)
        bytes[13] = UInt8(ascii: ":")
        put(secondOfDay / 60 % 60, 2, at: 14)
        bytes[16] = UInt8(ascii: ":")
        put(secondOfDay % 60, 2, at: 17)
        if offset == 0 {
            bytes[19] = UInt8(ascii: "Z")
        } else {
            bytes[19] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
            put(abs(offset) / 3600, 2, at: 20)
            bytes[22] = UInt8(ascii: ":")
            put(abs(offset) / 60 % 60, 2, at: 23)
        }
        return offset == 0 ? 20 : 25
    }

    /// Years outside 0...9999, written digit by digit.
    private func isoTextSlow(_ year: Int, _ month: Int, _ day: Int, _ secondOfDay: Int) -> String {
        var text = ""
        Self.pad(year, 4, &text)
        text += "-"
        Self.pad(month, 2, &text)
        text += "-"
        Self.pad(day, 2, &text)
        text += "T"
        Self.pad(secondOfDay / 3600, 2, &text)
        text += ":"
        Self.pad(secondOfDay / 60 % 60, 2, &text)
        text += ":"
        Self.pad(secondOfDay % 60, 2, &text)
        let offset = offsetSeconds
        if offset == 0 { return text + "Z" }
        text += offset < 0 ? "-" : "+"
        Self.pad(abs(offset) / 3600, 2, &text)
        text += ":"
        Self.pad(abs(offset) / 60 % 60, 2, &text)
        return text
    }

    static func pad(_ value: Int, _ width: Int, _ text: inout String) {
        if value < 0 {
            text += "-"
            pad(-value, width, &text)
            return
        }
        let digits = String(value)
        if digits.count < width { text += String(repeating: "0", count: width - digits.count) }
        text += digits
    }
}
