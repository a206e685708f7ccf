import Foundation
import NIOCore
import UnderstudyCore

/// The journal's copy of a body streamed from the upstream: every byte up to a limit. Past
/// the limit the client still gets the whole body, the journal keeps the first `limit` bytes,
/// and a ``notCapturedType`` sub-event says so (a recording then writes a stub that says it
/// could not capture the body, rather than a stub with a cut one).
///
struct ProxiedBodyCapture {
    let limit: Int
    private(set) var data = Data()
    /// Every byte streamed, captured or not.
    private(set) var total = 0

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    var isComplete: Bool { total == data.count }

    mutating func add(_ part: ByteBuffer) {
        total += part.readableBytes
        let room = limit - data.count
        guard room > 0 else { return }
        data.append(contentsOf: part.readableBytesView.prefix(room))
    }

    /// The sub-events that qualify the captured body, with `broken` naming why it broke off.
    func subEvents(broken: String? = nil, ofRequest: Bool = false) -> [SubEvent] {
        var events: [SubEvent] = []
        if !isComplete {
            events.append(
                SubEvent(
                    type: ofRequest ? SubEvent.Kind.proxyRequestBodyNotCaptured : SubEvent.Kind.proxyBodyNotCaptured,
                    data: [
                        "bodyBytes": .int(total), "capturedBytes": .int(data.count), "limit": .int(limit),
                        "message": .string(
                            "The proxied body was \(total) bytes; only the first \(data.count) were kept (the capture limit)."
                        )
                    ]))
        }
        if let broken {
            events.append(
                SubEvent(
                    type: ofRequest ? SubEvent.Kind.proxyRequestBodyBroken : SubEvent.Kind.proxyBodyBroken,
                    data: [
                        "bodyBytes": .int(total), "message": .string(broken)
                    ]))
        }
        return events
    }
}
