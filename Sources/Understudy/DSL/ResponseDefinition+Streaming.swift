import Foundation
import UnderstudyCore
import UnderstudyJSON

extension ResponseDefinition {
    /// 200 streaming server-sent events (`serverSentEvents`), each after its delay, with
    /// `Content-Type: text/event-stream` and `Cache-Control: no-cache`:
    ///
    /// ```swift
    /// host.stub(.get("/feed"), .sse([
    ///     .event(id: "1", event: "delta", data: "Hel"),
    ///     .event(id: "2", event: "delta", data: ["text": "lo"]).after(.milliseconds(50)),
    ///     .comment("done"),
    /// ]))
    /// ```
    ///
    /// Events marked ``ServerSentEvent/held()`` wait until the test lets them through, one per
    /// release, so a test can look at the client between events:
    ///
    /// ```swift
    /// let chat = host.stub(.post("/v1/chat"), .sse([.event(data: "Hel"), .event(data: "lo").held()]))
    /// // … the client shows "Hel" …
    /// try await chat.waitUntilHolding(1)
    /// chat.release(count: 1)
    /// ```
    ///
    /// In-process on Linux, only a data task whose session has a `URLSessionDataDelegate` gets
    /// the stream piece by piece; anything else (`data(for:)`, a completion handler) fails fast,
    /// naming the server transport.
    /// - Parameters:
    ///   - events: the events, in order.
    ///   - keepOpen: stay open after the last event, until the client leaves or the server stops.
    ///   - heartbeat: send a comment this often while the stream is open.
    public static func sse(_ events: [ServerSentEvent], keepOpen: Bool = false, heartbeat: Duration? = nil)
        -> ResponseDefinition
    {
        ResponseDefinition(
            status: 200,
            serverSentEvents: ServerSentEvents(
                events: events, heartbeatMilliseconds: heartbeat.map { Int($0.wholeMilliseconds) },
                keepOpen: keepOpen ? true : nil, heldBy: events.contains(where: \.held) ? GateID() : nil))
    }

    /// 200 with a chunked body sent piece by piece (`bodyChunks`), each after its delay:
    /// `.chunks([.text("{\"n\":1}\n"), .text("{\"n\":2}\n").after(.milliseconds(100))])`.
    /// In-process on Linux, only a data task whose session has a `URLSessionDataDelegate` gets
    /// the stream piece by piece; anything else (`data(for:)`, a completion handler) fails fast,
    /// naming the server transport.
    public static func chunks(_ chunks: [BodyChunk]) -> ResponseDefinition {
        ResponseDefinition(status: 200, bodyChunks: chunks)
    }
}

extension ServerSentEvent {
    /// An event with `data` (text, or any JSON value), and optionally an `id` and a type.
    public static func event(id: String? = nil, event: String? = nil, data: JSONValue) -> ServerSentEvent {
        ServerSentEvent(id: id, event: event, data: data)
    }

    /// A comment line, which clients ignore.
    public static func comment(_ text: String) -> ServerSentEvent {
        ServerSentEvent(comment: text)
    }

    /// Breaks the stream here with a socket-level fault.
    public static func fault(_ fault: Fault) -> ServerSentEvent {
        ServerSentEvent(fault: fault)
    }

    /// This event, held at the stream's gate until the test releases it (``StubHandle/release(count:)``);
    /// its delay, if any, counts from the release.
    public func held() -> ServerSentEvent {
        var copy = self
        copy.held = true
        return copy
    }

    /// This event, sent `delay` after the one before it (`delayMilliseconds`).
    public func after(_ delay: Duration) -> ServerSentEvent {
        var copy = self
        copy.delayMilliseconds = Int(delay.wholeMilliseconds)
        return copy
    }
}

extension BodyChunk {
    /// A chunk of UTF-8 text.
    public static func text(_ text: String) -> BodyChunk { BodyChunk(.text(text)) }

    /// A chunk of bytes (`base64` in the JSON).
    public static func bytes(_ data: Data) -> BodyChunk { BodyChunk(.bytes(data)) }

    /// This chunk, sent `delay` after the one before it (`delayMilliseconds`).
    public func after(_ delay: Duration) -> BodyChunk {
        var copy = self
        copy.delayMilliseconds = Int(delay.wholeMilliseconds)
        return copy
    }
}
