import Foundation
import Synchronization
import UnderstudyCore
import UnderstudyServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A streamed answer (server-sent events, chunks) in process: its steps, its head, then its
/// pieces through an ``InProcessStream`` until it ends or fails.
extension InProcessURLProtocol {
    /// On Linux, a URLProtocol's pieces reach only a data-task delegate as they are loaded; a
    /// completion handler or `data(for:)` keeps only the last piece, and there is no `bytes(for:)`.
    static func streamsReachClient(of task: URLSessionTask?) -> Bool {
        #if canImport(FoundationNetworking)
            return task?.delegate is URLSessionDataDelegate
        #else
            return true
        #endif
    }

    /// The server transport's steps for a streamed decision; nil for any other.
    static func steps(of decision: ServeDecision, request: URLRequest, gates: ResponseGates) -> TimedBody? {
        switch decision.stream {
        case .serverSentEvents(let events)?:
            let gate = events.heldBy.flatMap(gates.existing)
            return .serverSentEvents(
                events, lastEventID: request.value(forHTTPHeaderField: "Last-Event-ID"), gate: gate)
        case .chunks(let chunks)?: return .chunks(chunks)
        case nil: return nil
        }
    }

    /// Tells the head, then hands the body to an ``InProcessStream``, which ends the load.
    func startStream(_ timed: TimedBody, decision: ServeDecision, url: URL) {
        clientCalls.lock()
        guard let client, mayTellClient,
            let response = HTTPURLResponse(
                url: url, statusCode: decision.status, httpVersion: "HTTP/1.1",
                headerFields: Self.headerFields(decision))
        else {
            clientCalls.unlock()
            streamJournal.withLock { $0.take() }?([])
            endStream(
                (.badServerResponse, "Understudy in-process: the stub's status or headers make no HTTP response."))
            return
        }
        client.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        clientCalls.unlock()
        nonisolated(unsafe) let unsafeSelf = self
        let journal = streamJournal.withLock { $0.take() } ?? { @Sendable _ in }
        let player = InProcessStream(
            timed,
            client: .init(
                load: { unsafeSelf.load($0) },
                end: { fault in
                    unsafeSelf.endStream(
                        fault.map { ($0.urlErrorCode, "Understudy in-process: fault \($0.rawValue) mid-stream") })
                }),
            completed: journal)
        stream.withLock { $0 = player }
        if let (connectivity, id) = inFlight.withLock({ $0 }) {
            connectivity.whenClosed(id) { player.endAfterLastStep() }
        }
        // A `stopLoading` since the head went out found no stream to stop: stop it here.
        if !mayTellClient { player.stop() }
        player.start()
    }

    /// One piece of a stream; false once `stopLoading` has been seen.
    func load(_ piece: Data) -> Bool {
        clientCalls.lock()
        defer { clientCalls.unlock() }
        guard let client, mayTellClient else { return false }
        client.urlProtocol(self, didLoad: piece)
        return true
    }

    /// The host went offline: a request still waiting fails; a stream stops where it is and fails.
    func drop(_ offline: Outcome) {
        deliver(offline)
        guard case .fail(let code, let message, _) = offline, let player = stream.withLock({ $0 }) else { return }
        player.stop()
        endStream((code, message))
    }

    /// Ends a stream: finished when `failure` is nil, else failed with that `URLError`, as a broken socket would.
    func endStream(_ failure: (code: URLError.Code, message: String)?) {
        let claimed = state.withLock { state -> Bool in
            guard state == .delivering else { return false }
            state = .ending
            return true
        }
        guard claimed else { return }
        clientCalls.lock()
        if let client, state.withLock({ $0 == .ending }) {
            if let failure {
                var info: [String: Any] = [NSLocalizedDescriptionKey: failure.message]
                if let url = request.url { info[NSURLErrorFailingURLErrorKey] = url }
                ended.withLock { $0 = true }
                client.urlProtocol(self, didFailWithError: URLError(failure.code, userInfo: info))
            } else {
                ended.withLock { $0 = true }
                client.urlProtocolDidFinishLoading(self)
            }
        }
        clientCalls.unlock()
        state.withLock { $0 = .finished }
        untrack()
    }
}
