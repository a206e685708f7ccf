import Foundation

/// A spec that cannot be used: it does not parse, does not resolve, or holds a schema that does
/// not compile. Loading stops at it; nothing is half-loaded.
public struct OpenAPISpecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file the problem is in.
    public var file: String
    /// Its line, 1-based, where known.
    public var line: Int?
    /// Where in the document, as a JSON pointer, where known.
    public var pointer: String?
    /// What is wrong.
    public var reason: String

    /// A problem in `file`, at a line or JSON pointer when known.
    public init(file: String, line: Int? = nil, pointer: String? = nil, reason: String) {
        self.file = file
        self.line = line
        self.pointer = pointer
        self.reason = reason
    }

    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let pointer, !pointer.isEmpty { text += " (#\(pointer))" }
        return text + ": " + reason
    }
}
