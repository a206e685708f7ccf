/// How a matcher reads actual values: WireMock's default chain of formats, an `actualFormat`
/// pattern, or the `unix` (seconds) and `epoch` (milliseconds) pseudo-formats.
enum ActualDateTimeParser: Sendable, Hashable {
    /// ISO zoned, RFC 1123, RFC 1036, asctime, then ISO local date-time, date, year-month, year.
    case standard
    case pattern(JavaDateTimeFormat)
    case unixSeconds
    case epochMillis

    init(actualFormat: String?) throws(DateTimeMatchError) {
        guard let actualFormat else {
            self = .standard
            return
        }
        switch actualFormat.lowercased() {
        case "unix": self = .unixSeconds
        case "epoch": self = .epochMillis
        default: self = .pattern(try JavaDateTimeFormat(pattern: actualFormat))
        }
    }

    /// The date-time `text` denotes, or nil when it is not one in this format.
    func parse(_ text: String) -> ParsedDateTime? {
        let bytes = Array(text.utf8)
        switch self {
        case .standard:
            return Self.parseStandard(bytes)
        case .pattern(let format):
            let direct = format.parse(bytes)
            if direct?.isZoned == true { return direct }
            if let repaired = OffsetSpaceRepair.repaired(bytes), let value = format.parse(repaired), value.isZoned {
                return value
            }
            return direct
        case .unixSeconds:
            guard let seconds = Self.integer(bytes) else { return nil }
            return ParsedDateTime(wallClock: WallClock(seconds: seconds), offsetSeconds: 0)
        case .epochMillis:
            guard let millis = Self.integer(bytes) else { return nil }
            let seconds = CivilCalendar.floorDivide(millis, 1000)
            let nanos = (millis - seconds * 1000) * 1_000_000
            return ParsedDateTime(wallClock: WallClock(seconds: seconds, nanos: nanos), offsetSeconds: 0)
        }
    }

    static func parseStandard(_ bytes: [UInt8]) -> ParsedDateTime? {
        if let zoned = ISODateTimeParser.parseZoned(bytes) { return zoned }
        if let repaired = OffsetSpaceRepair.repaired(bytes), let zoned = ISODateTimeParser.parseZoned(repaired) {
            return zoned
        }
        if let http = HTTPDateParser.parse(bytes) { return http }
        return ISODateTimeParser.parseLocal(bytes)
    }

    /// An optionally signed decimal integer, as Java's `Long.parseLong` reads it, limited to 15
    /// digits so that unit conversions cannot overflow (that is beyond year 30 000 in millis).
    private static func integer(_ bytes: [UInt8]) -> Int? {
        var scanner = DateTextScanner(bytes: bytes)
        let negative = scanner.consume(UInt8(ascii: "-"))
        if !negative { _ = scanner.consume(UInt8(ascii: "+")) }
        guard let value = scanner.digits(min: 1, max: 15), scanner.isAtEnd else { return nil }
        return negative ? -value : value
    }
}
