/// Why an XML matcher could not be built, or why a document could not be read.
///
/// Matching itself never throws: a request body that is not XML simply does not match.
public struct XMLMatchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A sentence that says what was wrong and, where known, where.
    public let message: String

    /// An error with this message.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
