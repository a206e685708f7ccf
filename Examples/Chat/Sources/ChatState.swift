/// What the chat screen shows for the assistant's answer.
public enum ChatState: Equatable, Sendable {
    /// Nothing asked yet.
    case idle
    /// The answer so far, growing token by token.
    case streaming(String)
    /// The whole answer (`data: [DONE]` arrived).
    case done(String)
    /// The user stopped the answer; what had arrived stays on screen.
    case cancelled(String)
    /// The answer broke off; what had arrived stays on screen beside the error.
    case failed(String, ChatError)
}
