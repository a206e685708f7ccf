import Foundation
import UnderstudyTesting

/// The example's WireMock folder, the one `understudy serve --root Examples/Chat/Stubs` serves.
enum ChatStubs {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Stubs")

    static let completions = RequestPattern.post("/v1/chat/completions")

    /// A chat-completions stream event carrying `text`, in OpenAI's shape.
    static func token(_ text: String, id: String? = nil) -> ServerSentEvent {
        .event(id: id, data: ["choices": [["delta": ["content": .string(text)]]]])
    }

    /// The event that ends an answer.
    static let done = ServerSentEvent.event(data: "[DONE]")
}
