/// A `java.time.format.DateTimeFormatter` pattern (`dd/MM/yyyy`, `yyyyMMddHHmmss`,
/// `EEE, dd MMM yyyy HH:mm:ss z`, `yyyy-MM-dd'T'HH:mm[:ss]XXX`), compiled once into tokens and
/// then used to read actual values.
///
/// Supported letters: `y u` year (`yy` is 2000-2099), `M L` month (number or English name),
/// `d` day, `H k K h` hours with `a` for AM/PM, `m s`, `S…` fraction, `E` weekday name,
/// `X x Z` numeric offsets, `O` and `ZZZZ` for `GMT+8`, `z` zone name, `VV` zone id. Quotes,
/// `''` and `[optional]` sections work as in Java. Anything else is refused at build time.
///
/// Deliberate leniencies: names match case-insensitively, and every offset letter accepts
/// `±HH`, `±HHMM` and `±HH:MM`.
struct JavaDateTimeFormat: Sendable, Hashable {
    let pattern: String
    let tokens: [JavaDateTimeToken]

    init(pattern: String) throws(DateTimeMatchError) {
        self.pattern = pattern
        var compiler = JavaPatternCompiler(pattern: pattern)
        self.tokens = try compiler.compile()
    }

    /// Reads `bytes`, which must be consumed entirely, and resolves the fields the way
    /// WireMock's chain of `java.time` queries does: a date, time and zone give a zoned value;
    /// otherwise a date and time, a date, a year and month, or a year give a local one.
    func parse(_ bytes: [UInt8]) -> ParsedDateTime? {
        var scanner = DateTextScanner(bytes: bytes)
        var fields = JavaParsedFields()
        guard JavaPatternReader.read(tokens, from: &scanner, into: &fields), scanner.isAtEnd else { return nil }
        return fields.resolve()
    }
}
