import Foundation
import UnderstudyJSON

/// One piece of `bodyChunks`: a response body sent chunk by chunk, each after its own delay
/// (NDJSON, progress, long polling). An Understudy extension of WireMock's format.
public struct BodyChunk: Sendable, Equatable {
    /// What the chunk holds, as written in the JSON.
    public enum Content: Sendable, Equatable {
        /// `text`: sent as UTF-8.
        case text(String)
        /// `base64`: sent as these bytes.
        case bytes(Data)
        /// `json`: over HTTP, one line of NDJSON (the value, compact, then a newline); over
        /// gRPC, one reply message.
        case json(JSONValue)
    }

    /// The chunk's bytes, as text or binary.
    public var content: Content
    /// How long after the previous chunk (or the response head) this one goes out.
    public var delayMilliseconds: Int?

    /// A chunk sent after an optional delay.
    public init(_ content: Content, delayMilliseconds: Int? = nil) {
        self.content = content
        self.delayMilliseconds = delayMilliseconds
    }

    /// The bytes that go on the wire.
    public var bytes: Data {
        switch content {
        case .text(let text): return Data(text.utf8)
        case .bytes(let data): return data
        case .json(let value): return JSONWriter.data(value) + Data("\n".utf8)
        }
    }
}
