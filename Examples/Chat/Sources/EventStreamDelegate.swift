import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Feeds one data task's body to an event-stream parser as each piece arrives.
///
/// A data-task delegate rather than `URLSession.bytes(for:)`: FoundationNetworking on Linux has
/// no `bytes(for:)`, while its delegate gets each read as it comes, the same as on Apple platforms.
final class EventStreamDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let continuation: AsyncThrowingStream<SSEMessage, any Error>.Continuation
    /// Touched only from the session's serial delegate queue; the lock satisfies the compiler.
    private let parser = Mutex(EventStreamParser())

    init(continuation: AsyncThrowingStream<SSEMessage, any Error>.Continuation) {
        self.continuation = continuation
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            continuation.finish(throwing: ChatError.server(status: status))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        for message in parser.withLock({ $0.consume(data) }) {
            continuation.yield(message)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            continuation.finish(throwing: error)
        } else {
            continuation.finish()
        }
        session.finishTasksAndInvalidate()
    }
}
