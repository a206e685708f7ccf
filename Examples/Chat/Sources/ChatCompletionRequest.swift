/// The body of `POST /v1/chat/completions` asking for a streamed answer.
struct ChatCompletionRequest: Encodable {
    struct Message: Encodable {
        var role: String
        var content: String
    }

    var model: String
    var messages: [Message]
    var stream = true
}
