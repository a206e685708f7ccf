import Foundation

/// Why a GraphQL schema could not be used.
public struct GraphQLSchemaError: Error, Sendable, CustomStringConvertible {
    /// The file, when the schema came from one.
    public var file: String?
    /// What is wrong, with the line and column where the schema language says.
    public var reason: String

    /// An error about this file.
    public init(file: String?, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String {
        guard let file else { return "GraphQL schema: \(reason)" }
        return "\(file): \(reason)"
    }
}
