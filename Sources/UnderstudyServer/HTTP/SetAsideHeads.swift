import NIOCore
import NIOHTTP1

/// What ``RequestFramingScanner`` took out of one request head before NIO's decoder (llhttp) saw
/// it, so the stub handler can put it back: the journal, the matchers and the upgrade checks see
/// the request as sent, and nothing travels in-band under a made-up header name a client could
/// also send.
///
/// * A method token llhttp does not know (`KILL`; WireMock serves any RFC 9110 token): the
///   request line says `POST` meanwhile.
/// * `Upgrade`, which would make llhttp stop parsing the connection: the stub handler decides
///   (`h2c` switches to HTTP/2, `websocket` to WebSocket, anything else is declined).
/// * A `Content-Length` next to `Transfer-Encoding`, which llhttp refuses outright (URLSession
///   sends both for streamed bodies); RFC 9112 §6.3 says Transfer-Encoding frames the body.
struct SetAsideHead: Equatable {
    /// One header line taken out, and where it stood among the head's header lines.
    struct Line: Equatable {
        var index: Int
        var name: String
        var value: String
    }

    /// The method as sent, when llhttp was given `POST` in its place.
    var method: String?
    /// The header lines taken out, in order.
    var lines: [Line]

    /// `head` as the client sent it: the method, and each line back in its place.
    func restore(_ head: HTTPRequestHead) -> HTTPRequestHead {
        var restored = head
        if let method { restored.method = HTTPMethod(rawValue: method) }
        guard !lines.isEmpty else { return restored }
        var fields: [(String, String)] = []
        var kept = head.headers.makeIterator()
        var pending = lines[...]
        while true {
            if let line = pending.first, line.index == fields.count {
                fields.append((line.name, line.value))
                pending = pending.dropFirst()
            } else if let next = kept.next() {
                fields.append(next)
            } else if let line = pending.popFirst() {
                fields.append((line.name, line.value))
            } else {
                break
            }
        }
        restored.headers = HTTPHeaders(fields)
        return restored
    }
}

/// The set-aside parts of the heads one HTTP/1.1 connection has scanned, in request order: the
/// scanner adds one entry per head (nil when nothing was taken out), and the stub handler takes
/// one as each head arrives. Both live on the connection's event loop.
final class SetAsideHeads {
    private var heads = CircularBuffer<SetAsideHead?>()

    func append(_ head: SetAsideHead?) {
        heads.append(head)
    }

    /// What was set aside from the next head to arrive, if anything.
    func next() -> SetAsideHead? {
        heads.isEmpty ? nil : heads.removeFirst()
    }

    /// Every entry not taken yet, in order, one per head (for the scanner's tests and fuzz target).
    func drain() -> [SetAsideHead?] {
        defer { heads.removeAll() }
        return Array(heads)
    }
}
