import Foundation

/// Turns the bytes of a `text/event-stream` body into events, however the network splits them:
/// a line cut in two by a read waits for its end, and an event goes out at its blank line.
///
/// It follows the WHATWG event-stream rules the client needs: `data`, `id` and `event` fields,
/// comments (`:`) skipped, and `\n`, `\r\n` or `\r` line ends.
struct EventStreamParser {
    private var pending: [UInt8] = []
    private var sawCarriageReturn = false
    private var data: [String] = []
    private var id: String?
    private var event: String?

    /// Feeds the next bytes read; returns the events they complete.
    mutating func consume(_ bytes: some Sequence<UInt8>) -> [SSEMessage] {
        var complete: [SSEMessage] = []
        for byte in bytes {
            // A "\n" right after a "\r" ends the same line, not an empty one.
            if sawCarriageReturn {
                sawCarriageReturn = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                sawCarriageReturn = byte == UInt8(ascii: "\r")
                if let message = endLine() { complete.append(message) }
            default:
                pending.append(byte)
            }
        }
        return complete
    }

    private mutating func endLine() -> SSEMessage? {
        let line = String(decoding: pending, as: UTF8.self)
        pending.removeAll(keepingCapacity: true)
        guard !line.isEmpty else { return dispatch() }
        guard !line.hasPrefix(":") else { return nil }
        let (field, value) = Self.split(line)
        switch field {
        case "data": data.append(value)
        case "id": id = value
        case "event": event = value
        default: break  // `retry` and unknown fields: this client reconnects on its own terms.
        }
        return nil
    }

    /// The event gathered so far, at a blank line; none when it had no data (per the spec).
    private mutating func dispatch() -> SSEMessage? {
        defer {
            data = []
            id = nil
            event = nil
        }
        guard !data.isEmpty else { return nil }
        return SSEMessage(id: id, event: event, data: data.joined(separator: "\n"))
    }

    private static func split(_ line: String) -> (field: Substring, value: String) {
        guard let colon = line.firstIndex(of: ":") else { return (line[...], "") }
        var value = line[line.index(after: colon)...]
        if value.first == " " { value = value.dropFirst() }
        return (line[..<colon], String(value))
    }
}
