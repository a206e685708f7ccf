/// Why an `equalToJson` pattern could not be built, for example a `${json-unit.regex}` placeholder
/// whose regular expression does not compile.
public struct JSONEqualityError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A sentence saying what was wrong and where.
    public let message: String

    /// An error with this message.
    public init(message: String) { self.message = message }

    public var description: String { message }
}
