import Foundation
import UnderstudyJSON

extension ServerSentEvent {
    /// The event as it goes on the wire (WHATWG HTML, "Server-sent events"): the comment, `id`,
    /// `event`, `retry` and `data` fields, one per line, and a blank line that dispatches it
    /// (none after a comment alone).
    /// Text data goes out one `data:` line per line; any other JSON value as compact JSON on one
    /// line. Nil for an event with a fault, which sends nothing.
    public var wireText: String? {
        guard fault == nil else { return nil }
        var text = ""
        if let comment {
            for line in Self.lines(of: comment) { text += ": \(line)\n" }
        }
        if let id { text += "id: \(Self.oneLine(id))\n" }
        if let event { text += "event: \(Self.oneLine(event))\n" }
        if let retry { text += "retry: \(retry)\n" }
        switch data {
        case .string(let string)?:
            for line in Self.lines(of: string) { text += "data: \(line)\n" }
        case let value?:
            text += "data: \(JSONWriter.string(value))\n"
        case nil:
            break
        }
        // A comment alone gets no blank line: the blank line dispatches an event, and some
        // clients (httpx-sse) hand on an empty one for it, repeating the last id.
        let isCommentOnly = id == nil && event == nil && retry == nil && data == nil
        return isCommentOnly ? text : text + "\n"
    }

    /// The comment that keeps an open stream alive; clients ignore it.
    public static let heartbeatText = ": heartbeat\n"

    /// Lines as the event-stream parser splits them: at CRLF, CR or LF.
    static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    }

    /// The decoder refuses line breaks in `id` and `event`; one built in Swift may still have them,
    /// and they would end the field early.
    static func oneLine(_ text: String) -> String {
        String(text.filter { !$0.isNewline })
    }
}
