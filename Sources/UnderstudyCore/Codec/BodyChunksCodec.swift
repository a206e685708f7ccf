import Foundation
import UnderstudyJSON

/// Decodes and encodes `bodyChunks`. Our own extension, so unknown keys are errors.
enum BodyChunksCodec {
    static let chunkKeys: Set<String> = ["text", "base64", "json", "delayMilliseconds"]

    static func decode(_ list: [JSONValue], at pointer: String) throws(MappingError) -> [BodyChunk] {
        var chunks: [BodyChunk] = []
        for (i, item) in list.enumerated() {
            chunks.append(try chunk(item, at: UnderstudyCore.pointer(pointer, i)))
        }
        return chunks
    }

    static func chunk(_ value: JSONValue, at pointer: String) throws(MappingError) -> BodyChunk {
        let reader = try FieldReader(value, at: pointer)
        try ServerSentEventsCodec.refuseUnknownKeys(reader, allowed: chunkKeys, in: "a body chunk")
        let delay = try reader.int("delayMilliseconds")
        if let delay, delay < 0 {
            throw .invalid(reader.path("delayMilliseconds"), "delayMilliseconds must not be negative")
        }
        let json = reader.value("json")
        switch (try reader.string("text"), try reader.string("base64")) {
        case (nil, nil) where json != nil:
            return BodyChunk(.json(json ?? .null), delayMilliseconds: delay)
        case (let text?, nil) where json == nil:
            return BodyChunk(.text(text), delayMilliseconds: delay)
        case (nil, let encoded?) where json == nil:
            guard let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters) else {
                throw .invalid(reader.path("base64"), "base64 is not valid base64")
            }
            return BodyChunk(.bytes(data), delayMilliseconds: delay)
        default:
            throw .invalid(pointer, "A body chunk needs exactly one of text, base64 or json")
        }
    }
}

extension BodyChunk {
    /// One chunk object, with absent fields left out.
    public var json: JSONValue {
        var object = JSONObject()
        switch content {
        case .text(let text): object["text"] = .string(text)
        case .bytes(let data): object["base64"] = .string(data.base64EncodedString())
        case .json(let value): object["json"] = value
        }
        if let delayMilliseconds { object["delayMilliseconds"] = .int(delayMilliseconds) }
        return .object(object)
    }
}
