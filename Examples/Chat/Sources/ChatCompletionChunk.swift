/// One `data:` event of an OpenAI-style chat-completions stream:
/// `{"choices":[{"delta":{"content":"Hel"}}]}`. Fields the client does not use are ignored.
struct ChatCompletionChunk: Decodable {
    struct Choice: Decodable {
        struct Delta: Decodable {
            /// Absent on the first chunk (the role) and the last (the finish reason).
            var content: String?
        }

        var delta: Delta
    }

    var choices: [Choice]

    /// The text this chunk adds to the answer.
    var text: String { choices.compactMap(\.delta.content).joined() }
}
