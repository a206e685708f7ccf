import Foundation

/// `now`, `date`, `parseDate` and `truncateDate`, with WireMock's `offset`, `format` and `timezone`.
extension TemplateHelpers {
    static let dates: [String: TemplateHelper] = [
        "now": { call throws(RenderFailure) in
            try renderable(TemplateDate(call.renderer.now), call, keepZone: false)
        },
        "date": { call throws(RenderFailure) in
            guard let date = try dateArgument(call.param(0), call) else { return .null }
            return try renderable(date, call, keepZone: true)
        },
        "parseDate": { call throws(RenderFailure) in
            let text = (call.param(0) ?? .null).text
            let parser: ActualDateTimeParser
            do throws(DateTimeMatchError) {
                parser = try ActualDateTimeParser(actualFormat: call.hashText("format"))
            } catch {
                throw call.failure(error.message)
            }
            guard let parsed = parser.parse(text) else {
                return HelperInvocation.softError("Could not parse date '\(text)'")
            }
            return .date(TemplateDate(seconds: parsed.instant.seconds, nanos: parsed.instant.nanos))
        },
        "truncateDate": { call throws(RenderFailure) in
            guard var date = try dateArgument(call.param(0), call) else { return .null }
            guard let name = call.param(1)?.text else {
                return HelperInvocation.softError("truncateDate needs a truncation such as 'first day of month'")
            }
            let truncation: DateTimePattern.Truncation
            do throws(DateTimeMatchError) {
                truncation = try DateTimePattern.Truncation(name: name)
            } catch {
                throw call.failure(error.message)
            }
            let truncated = truncation.truncate(WallClock(seconds: date.seconds, nanos: date.nanos))
            date.seconds = truncated.seconds
            date.nanos = truncated.nanos
            return .date(date)
        }
    ]

    /// A date parameter: a date value, or text read the way `parseDate` reads it.
    private static func dateArgument(_ value: TemplateValue?, _ call: HelperInvocation) throws(RenderFailure)
        -> TemplateDate?
    {
        switch value {
        case .date(let date)?: return date
        case nil, .null?: return nil
        case let other?:
            guard let parsed = ActualDateTimeParser.standard.parse(other.text) else {
                throw call.failure("'\(other.text)' is not a date")
            }
            return TemplateDate(seconds: parsed.instant.seconds, nanos: parsed.instant.nanos)
        }
    }

    /// Applies `offset`, `timezone` and `format` as WireMock's date helper does.
    private static func renderable(_ start: TemplateDate, _ call: HelperInvocation, keepZone: Bool)
        throws(RenderFailure) -> TemplateValue
    {
        var date = start
        if let offsetText = call.hashText("offset") {
            let offset: DateTimeOffset?
            do throws(DateTimeMatchError) {
                offset = try ExpectedDateTime.nowOffset(in: offsetText)
            } catch {
                throw call.failure(error.message)
            }
            guard let offset else {
                throw call.failure("'\(offsetText)' is not a date offset such as '3 days' or '-1 hours'")
            }
            let shifted = offset.shift(WallClock(seconds: date.seconds, nanos: date.nanos))
            date.seconds = shifted.seconds
            date.nanos = shifted.nanos
        }
        if !(keepZone && date.zone != nil), let zoneName = call.hashText("timezone") {
            guard let zone = TimeZone(identifier: zoneName) else {
                throw call.failure("Unknown time-zone ID: \(zoneName)")
            }
            date.zone = zone
        }
        if let format = call.hashText("format") {
            switch format {
            case "epoch": date.format = .epochMilliseconds
            case "unix": date.format = .unixSeconds
            default:
                let compiled = PatternCaches.dateFormats.value(for: format) { text in
                    (try? JavaDateFormatPattern(text)).map(JavaDateFormatPatternBox.init)
                }
                guard let compiled else {
                    do throws(JavaDateFormatError) {
                        _ = try JavaDateFormatPattern(format)
                    } catch {
                        throw call.failure(error.message)
                    }
                    throw call.failure("Invalid date format '\(format)'")
                }
                date.format = .pattern(compiled.pieces)
            }
        }
        return .date(date)
    }
}
