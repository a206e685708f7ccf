import Foundation
import Synchronization
import Testing
import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads one response the way a streaming client on Linux must: a data task whose session has a
/// `URLSessionDataDelegate`, which gets each piece as it arrives (there is no `bytes(for:)`).
/// Tests wait on what arrives, never on time.
final class DelegateStreamReader: NSObject, URLSessionDataDelegate, Sendable {
    /// What the delegate heard, in order.
    enum Heard: Sendable, Equatable {
        case piece(String)
        /// The task ended: nil when the body ended cleanly.
        case end(URLError.Code?)
    }

    private let continuation: AsyncStream<Heard>.Continuation
    private let heard: AsyncStream<Heard>
    private let task = Mutex<URLSessionDataTask?>(nil)
    /// Everything received so far, joined.
    let received = Mutex("")

    private override init() {
        (heard, continuation) = AsyncStream.makeStream(of: Heard.self)
    }

    /// Opens `path` on `host` and hands `body` a reader; the task is cancelled when `body` returns.
    static func with<T>(
        _ host: any StubHost, _ path: String, headers: [String: String] = [:],
        _ body: (DelegateStreamReader, inout AsyncStream<Heard>.Iterator) async throws -> T
    ) async throws -> T {
        let reader = DelegateStreamReader()
        let session = URLSession(configuration: host.sessionConfiguration(), delegate: reader, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        var request = URLRequest(url: try host.url(path))
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: request)
        reader.task.withLock { $0 = task }
        task.resume()
        var iterator = reader.heard.makeAsyncIterator()
        defer { task.cancel() }
        return try await body(reader, &iterator)
    }

    /// Cancels the task, as a client that stops listening does.
    func cancel() {
        task.withLock { $0 }?.cancel()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        received.withLock { $0 += text }
        continuation.yield(.piece(text))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        continuation.yield(.end((error as? URLError)?.code))
        continuation.finish()
    }
}

extension AsyncStream<DelegateStreamReader.Heard>.Iterator {
    /// Reads pieces until the text received since the call ends with `suffix` (a socket may split
    /// or join pieces); false when the task ended first.
    mutating func read(until suffix: String) async -> Bool {
        var text = ""
        while let heard = await next() {
            guard case .piece(let piece) = heard else { return false }
            text += piece
            if text.hasSuffix(suffix) { return true }
        }
        return false
    }

    /// Reads to the end of the task and returns how it ended (nil for a clean end).
    mutating func end() async -> URLError.Code?? {
        while let heard = await next() {
            if case .end(let code) = heard { return .some(code) }
        }
        return .none
    }
}
