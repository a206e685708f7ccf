import Foundation
import UnderstudyCore

extension RawConnection {
    /// What arrived and is not yet consumed, as text.
    var pendingText: String { String(decoding: pending, as: UTF8.self) }

    /// Reads until what arrived contains `text` `times` times; false if the connection ended first.
    func readUntil(_ text: String, times: Int = 1) async throws -> Bool {
        while pendingText.components(separatedBy: text).count - 1 < times {
            guard try await readMore() else { return false }
        }
        return true
    }
}

extension RequestJournal {
    /// The journal entry for `url` once its response has been completed (a stream's completes
    /// when the stream ends).
    func completedEvent(url: String) async -> ServeEvent? {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let token = observeCompletions { _ in continuation.yield() }
        defer { token.cancel() }
        func completed() -> ServeEvent? { events.first { $0.request.url == url && $0.response != nil } }
        if let event = completed() { return event }
        for await _ in stream {
            if let event = completed() { return event }
        }
        return nil
    }
}

/// A stub for `url` whose response is `response` (JSON text).
func stub(_ url: String, _ response: String) -> String {
    #"{"request":{"method":"GET","urlPath":"\#(url)"},"response":\#(response)}"#
}
