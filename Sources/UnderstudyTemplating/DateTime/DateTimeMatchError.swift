/// A date-time matcher that cannot be built: an unparsable expected value, an unknown offset
/// unit or truncation, or an `actualFormat` pattern Understudy cannot read.
public struct DateTimeMatchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, in words fit for an admin API error response.
    public let message: String

    /// An error with this message.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
