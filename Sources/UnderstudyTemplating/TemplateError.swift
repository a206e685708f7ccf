/// A template that cannot be parsed or rendered, with where it went wrong.
///
/// `description` is the text WireMock users see in the 500 body and the `ERROR` sub-event:
/// `[ERROR] 1:2: could not find helper: 'add'`, then the source line and a caret under the spot.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    /// 1-based line.
    public let line: Int
    /// 0-based column, as Handlebars.java counts.
    public let column: Int
    /// The source line the error is on.
    public let sourceLine: String

    /// An error at this line and column, with the template line for context.
    public init(message: String, line: Int, column: Int, sourceLine: String) {
        self.message = message
        self.line = line
        self.column = column
        self.sourceLine = sourceLine
    }

    init(_ message: String, at position: TemplatePosition, in source: String) {
        self.init(
            message: message, line: position.line, column: position.column,
            sourceLine: Self.line(at: position.offset, in: source))
    }

    public var description: String {
        "[ERROR] \(line):\(column): \(message)\n\(sourceLine)\n\(String(repeating: " ", count: max(0, column)))^"
    }

    /// The whole line holding byte `offset`.
    static func line(at offset: Int, in source: String) -> String {
        let bytes = Array(source.utf8)
        let clamped = min(max(0, offset), bytes.count)
        var start = clamped
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = clamped
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

/// Thrown while rendering, before the template's source is known to the thrower; the renderer
/// turns it into a ``TemplateError`` with the source line.
struct RenderFailure: Error {
    var message: String
    var position: TemplatePosition
}
