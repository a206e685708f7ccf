import Foundation

/// Why a JSONPath expression could not be compiled, and where.
///
/// `position` is the zero-based character offset in the expression where the problem was
/// found, or nil when the problem concerns the whole expression.
public struct JSONPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the expression.
    public let message: String
    /// Where in the expression, when known.
    public let position: Int?

    /// An error with this message and position.
    public init(message: String, position: Int?) {
        self.message = message
        self.position = position
    }

    public var description: String {
        guard let position else { return message }
        return "\(message) (at position \(position))"
    }
}
