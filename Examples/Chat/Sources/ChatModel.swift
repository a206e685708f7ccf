import Foundation
import Observation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The assistant's side of a chat screen: asks a question and shows the answer as it streams in.
///
/// ```swift
/// let chat = ChatModel(baseURL: URL(string: "https://api.example.com")!)
/// chat.send("Say hello")        // state: .streaming("Hel") … .streaming("Hello!") … .done("Hello!")
/// chat.cancel()                 // state: .cancelled("Hel…"), the request is cancelled
/// ```
///
/// When the connection drops mid-answer after an event with an `id`, it reconnects once with
/// `Last-Event-ID`, so the service sends only what the client has not seen.
@MainActor @Observable
public final class ChatModel {
    /// What the screen shows.
    public private(set) var state = ChatState.idle
    @ObservationIgnored private var answering: Task<Void, Never>?
    @ObservationIgnored private let requests: ChatRequests
    @ObservationIgnored private let configuration: URLSessionConfiguration

    /// A model that talks to the service at `baseURL` through sessions made from `configuration`
    /// (pass a stub host's configuration in tests).
    public init(
        baseURL: URL, model: String = "gpt-4o-mini", configuration: URLSessionConfiguration = .default
    ) {
        self.requests = ChatRequests(baseURL: baseURL, model: model)
        self.configuration = configuration
    }

    /// Asks `prompt`, replacing any answer in progress, and streams the answer into ``state``.
    public func send(_ prompt: String) {
        answering?.cancel()
        state = .streaming("")
        answering = Task { await answer(prompt) }
    }

    /// Stops the answer in progress; what has arrived stays, as ``ChatState/cancelled(_:)``.
    public func cancel() {
        answering?.cancel()
        answering = nil
        if case .streaming(let text) = state { state = .cancelled(text) }
    }

    /// Waits until the answer in progress, if any, has ended one way or another.
    public func waitUntilAnswered() async {
        await answering?.value
    }

    private func answer(_ prompt: String) async {
        var progress = AnswerProgress()
        var mayResume = true
        while true {
            do {
                try await read(requests.completion(for: prompt, resumingAfter: progress.lastEventID), into: &progress)
                state = .done(progress.text)
                return
            } catch {
                // `cancel()` has already said so; nothing after it may touch the state.
                if Task.isCancelled { return }
                let failure = ChatError(error)
                if failure == .connectionLost, mayResume, progress.lastEventID != nil {
                    mayResume = false
                    continue
                }
                state = .failed(progress.text, failure)
                return
            }
        }
    }

    /// Reads one response into `progress` until `[DONE]`; a stream that ends before it has dropped.
    private func read(_ request: URLRequest, into progress: inout AnswerProgress) async throws {
        for try await event in EventStream.events(for: request, configuration: configuration) {
            // An event already buffered when the user cancelled must not show.
            try Task.checkCancellation()
            if event.data == "[DONE]" { return }
            try progress.apply(event)
            state = .streaming(progress.text)
        }
        try Task.checkCancellation()
        throw ChatError.connectionLost
    }
}
