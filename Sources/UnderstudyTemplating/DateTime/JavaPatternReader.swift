/// Reads text against compiled pattern tokens, filling `JavaParsedFields`.
enum JavaPatternReader {
    /// True when every token was read. On failure the scanner and fields may be part-way; an
    /// optional section restores both itself.
    static func read(
        _ tokens: [JavaDateTimeToken], from scanner: inout DateTextScanner,
        into fields: inout JavaParsedFields
    ) -> Bool {
        for token in tokens {
            guard readOne(token, from: &scanner, into: &fields) else { return false }
        }
        return true
    }

    private static func readOne(
        _ token: JavaDateTimeToken, from scanner: inout DateTextScanner,
        into fields: inout JavaParsedFields
    ) -> Bool {
        switch token {
        case .literal(let bytes):
            return scanner.consume(exactly: bytes)
        case .number(let field, let min, let max):
            guard let value = scanner.digits(min: min, max: max), field.validRange.contains(value) else { return false }
            return fields.set(field, value)
        case .twoDigitYear:
            guard let value = scanner.digits(min: 2, max: 2) else { return false }
            return fields.set(.year, 2000 + value)
        case .fraction(let digits):
            guard let nanos = scanner.fractionNanos(min: digits, max: digits) else { return false }
            return JavaParsedFields.merge(&fields.nanos, nanos)
        case .monthName(let full):
            guard let index = scanner.oneOf(full ? DateNames.fullMonths : DateNames.shortMonths) else { return false }
            return fields.set(.month, index + 1)
        case .weekdayName(let full):
            guard let index = scanner.oneOf(full ? DateNames.fullWeekdays : DateNames.shortWeekdays) else {
                return false
            }
            return JavaParsedFields.merge(&fields.weekday, index + 1)
        case .amPm:
            guard let index = scanner.oneOf(["AM", "PM"]) else { return false }
            return JavaParsedFields.merge(&fields.pm, index == 1)
        case .offset(let zeroAsZ):
            if zeroAsZ, scanner.consume(UInt8(ascii: "Z")) { return JavaParsedFields.merge(&fields.offset, 0) }
            guard let offset = numericOffset(&scanner) else { return false }
            return JavaParsedFields.merge(&fields.offset, offset)
        case .localizedOffset:
            guard scanner.consume(caseInsensitive: "GMT") else { return false }
            return JavaParsedFields.merge(&fields.offset, numericOffset(&scanner) ?? 0)
        case .zone:
            guard let name = scanner.zoneWord() else { return false }
            fields.zoneName = name
            return true
        case .optional(let inner):
            let savedScanner = scanner
            let savedFields = fields
            if !read(inner, from: &scanner, into: &fields) {
                scanner = savedScanner
                fields = savedFields
            }
            return true
        }
    }

    /// `±H`, `±HH`, `±HHMM`, `±HH:MM`, `±HH:MM:SS` or `±HHMMSS`, as seconds east of UTC.
    private static func numericOffset(_ scanner: inout DateTextScanner) -> Int? {
        let start = scanner.position
        let sign: Int
        if scanner.consume(UInt8(ascii: "+")) {
            sign = 1
        } else if scanner.consume(UInt8(ascii: "-")) {
            sign = -1
        } else {
            return nil
        }
        guard let hours = scanner.digits(min: 1, max: 2) else {
            scanner.position = start
            return nil
        }
        var total = hours * 3600
        for multiplier in [60, 1] {
            let beforePart = scanner.position
            _ = scanner.consume(UInt8(ascii: ":"))
            guard let part = scanner.digits(min: 2, max: 2), part < 60 else {
                scanner.position = beforePart
                break
            }
            total += part * multiplier
        }
        guard total <= 18 * 3600 else {
            scanner.position = start
            return nil
        }
        return sign * total
    }
}
