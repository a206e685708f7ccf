import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Server-sent events from one request, as an async sequence.
enum EventStream {
    /// Sends `request` on a session of its own and yields each event as it arrives. The sequence
    /// ends when the server closes the stream, throws what the task failed with (a
    /// ``ChatError/server(status:)`` for a non-2xx answer), and cancels the task when the
    /// consumer stops listening.
    static func events(for request: URLRequest, configuration: URLSessionConfiguration)
        -> AsyncThrowingStream<SSEMessage, any Error>
    {
        let (events, continuation) = AsyncThrowingStream.makeStream(of: SSEMessage.self)
        // The session keeps its delegate until it is invalidated, when the task completes.
        let session = URLSession(
            configuration: configuration, delegate: EventStreamDelegate(continuation: continuation),
            delegateQueue: nil)
        let task = session.dataTask(with: request)
        continuation.onTermination = { _ in task.cancel() }
        task.resume()
        return events
    }
}
