import Foundation

/// The answer so far and where to resume it from.
struct AnswerProgress {
    private(set) var text = ""
    /// The `id` of the newest event that had one: what `Last-Event-ID` sends on a reconnect.
    private(set) var lastEventID: String?

    /// Adds an event's token to the text.
    /// - Throws: ``ChatError/malformedChunk(_:)`` when its data is not a chat-completion chunk.
    mutating func apply(_ event: SSEMessage) throws(ChatError) {
        do {
            text += try JSONDecoder().decode(ChatCompletionChunk.self, from: Data(event.data.utf8)).text
        } catch {
            throw .malformedChunk(event.data)
        }
        if let id = event.id { lastEventID = id }
    }
}
