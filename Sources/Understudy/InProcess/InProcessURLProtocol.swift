import Foundation
import Synchronization
import UnderstudyCore
import UnderstudyServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers requests for `*.understudy.invalid` from the stub engine registered for that host,
/// without a socket.
///
/// Linux rules it follows (see the project's Linux networking notes): the body is read from
/// `httpBody` or a drained `httpBodyStream`; the response body goes out in one `didLoad` (corelibs
/// keeps only the last chunk for completion-handler tasks), except a stream, which goes piece by
/// piece to a task with a data delegate (``InProcessStream``); delays are scheduled, never slept;
/// the client is called only under ``clientCalls`` (recursive: it may call back into this
/// protocol, e.g. `stopLoading`, on the same thread), and not again once `stopLoading` has been
/// seen; redirects, Basic challenges and dribbles are refused with a message.
final class InProcessURLProtocol: URLProtocol {
    /// What to tell the client once any delay has passed. Sendable, so it can cross to a timer.
    enum Outcome: Sendable {
        case respond(ServeDecision, url: URL, isHead: Bool)
        case fail(URLError.Code, message: String, url: URL?)
    }

    /// Where the load is. Only one outcome ever claims delivery (`loading` → `delivering`);
    /// `stopLoading` moves to `finished` at any time, and the client is not called again after
    /// that is seen. A pending delay timer finds the load no longer `loading` and does nothing,
    /// which is how it is cancelled.
    enum LoadState {
        case loading
        case delivering
        /// A stream's end (or failure) is being told.
        case ending
        case finished
    }

    let state = Mutex(LoadState.loading)
    /// Held across every client call and taken by `stopLoading`. Corelibs' cancel (a task's, or
    /// `invalidateAndCancel` when a host closes) calls `stopLoading`, then fails the task itself;
    /// a data task's completion is checked and marked done around the resume of `data(for:)`, not
    /// atomically, so an answer told from a timer's thread at that moment resumed it twice (a
    /// crash). Waiting here lets the answer finish first; the failure then finds the task done
    /// (and, on Linux, no ``client`` to tell).
    let clientCalls = NSRecursiveLock()
    /// Set under ``clientCalls`` as this protocol tells the client the load's end.
    let ended = Mutex(false)
    /// A streamed answer's steps, worked out when it is decided.
    let timedBody = Mutex<TimedBody?>(nil)
    /// The stream being played, once its head is out.
    let stream = Mutex<InProcessStream?>(nil)
    /// Journals a streamed response, once: when the stream ends, or when its client left before it began.
    let streamJournal = Mutex<(@Sendable ([SubEvent]) -> Void)?>(nil)
    /// The host's connectivity and this request's id there, to stop tracking once answered.
    let inFlight = Mutex<(InProcessConnectivity, UUID)?>(nil)

    /// True for any `*.understudy.invalid` URL, open stub set or not (never the network).
    override class func canInit(with request: URLRequest) -> Bool {
        InProcessRegistry.isOurs(request.url?.host)
    }

    /// The request unchanged.
    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    /// Journals the request through the host's engine and answers, now or after the stub's delay.
    override func startLoading() {
        let request = self.request
        guard let url = request.url, let host = url.host else {
            deliver(.fail(.badURL, message: "Understudy in-process: the request has no URL host.", url: request.url))
            return
        }
        guard let route = InProcessRegistry.shared.route(for: host) else {
            deliver(
                .fail(
                    .cannotFindHost,
                    message:
                        "Understudy in-process: no stub set is open for \(host). It was closed (withInProcessStubs returned) or never existed; requests to .understudy.invalid never reach the network.",
                    url: url))
            return
        }
        let engine = route.engine
        guard !route.connectivity.isOffline else {
            deliver(
                .fail(
                    .notConnectedToInternet, message: "Understudy in-process: the stub host is offline (goOffline()).",
                    url: url))
            return
        }
        let visibleBody = RequestCapture.body(of: request)
        let logged = RequestCapture.loggedRequest(request, url: url, host: host, body: visibleBody ?? Data())
        if visibleBody == nil, task is URLSessionUploadTask,
            let stub = InProcessRefusal.stubNeedingBody(among: engine.store.stubs, for: logged)
        {
            let refusal = InProcessRefusal.hiddenUploadBody(stubName: stub.name ?? stub.id.lowercasedString)
            deliver(.fail(InProcessRefusal.errorCode, message: refusal.message, url: url))
            return
        }
        let reachesClient = Self.streamsReachClient(of: task)
        let (decided, maybeDecision) = InProcessExchange.decide(logged, responder: route.responder) {
            InProcessRefusal($0, streamsReachClient: reachesClient)?.message
        }
        guard let decision = maybeDecision else {
            if case .fail(let code, let message) = decided { deliver(.fail(code, message: message, url: url)) }
            return
        }
        let outcome: Outcome
        switch decided {
        case .fail(let code, let message): outcome = .fail(code, message: message, url: url)
        case .respond(let decision): outcome = .respond(decision, url: url, isHead: logged.method == "HEAD")
        }
        // Until answered, going offline drops the request, as a lost network would.
        nonisolated(unsafe) let unsafeSelf = self
        let connectivity = route.connectivity
        let inFlightID = decision.eventID
        let offline = Outcome.fail(
            .notConnectedToInternet,
            message: "Understudy in-process: the stub host went offline (goOffline()) while the request was in flight.",
            url: url)
        inFlight.withLock { $0 = (connectivity, inFlightID) }
        connectivity.track(inFlightID) { unsafeSelf.drop(offline) }
        let delay = decision.delay
        let timeout = request.timeoutInterval
        // The journal entry is completed when the answer is due, as the server completes it: after
        // the gate and the delay, whether or not the client is still there to be told.
        let streams = decided.isRespond && decision.stream != nil && logged.method != "HEAD"
        if streams {
            // A stream's entry is completed when it ends, with each event sent, as the server does.
            let journal: @Sendable ([SubEvent]) -> Void = { subEvents in
                InProcessExchange.complete(decision, engine: engine, subEvents: subEvents)
            }
            streamJournal.withLock { $0 = journal }
            timedBody.withLock { $0 = Self.steps(of: decision, request: request, gates: engine.gates) }
        }
        let complete: @Sendable () -> Void
        if streams {
            complete = {}
        } else {
            complete = { InProcessExchange.complete(decision, engine: engine) }
        }
        if let gate = decision.gate {
            // Held: the gate calls back on release; the URLProtocol callback just waits.
            gate.hold {
                unsafeSelf.schedule(
                    outcome, after: delay, on: engine.clock, timeout: timeout, url: url, complete: complete)
            }
        } else {
            schedule(outcome, after: delay, on: engine.clock, timeout: timeout, url: url, complete: complete)
        }
    }

    #if canImport(FoundationNetworking)
        /// Nil once this protocol has told the load's end. Corelibs' cancel checks the task is
        /// running, then later calls `stopLoading` and fails the task through `client`: an answer
        /// told in between has already completed the task, and may have taken it out of its
        /// session's registry, where the second failure is a fatal error.
        override var client: (any URLProtocolClient)? {
            get {
                clientCalls.lock()
                defer { clientCalls.unlock() }
                return ended.withLock { $0 } ? nil : super.client
            }
            set { super.client = newValue }
        }
    #endif

    /// Marks the load finished: a pending delayed answer is dropped and the client is never called again.
    override func stopLoading() {
        clientCalls.lock()
        state.withLock { $0 = .finished }
        clientCalls.unlock()
        untrack()
        stream.withLock { $0 }?.stop()
    }

    func untrack() {
        if let (connectivity, id) = inFlight.withLock({ $0.take() }) { connectivity.finish(id) }
    }

    /// Completes the journal entry and delivers, at once or after `delay` on a timer; a client
    /// gone meanwhile (`stopLoading`, going offline) is not told, but the entry is still completed
    /// when the answer falls due, as the server completes it for a client that went away.
    /// Corelibs does not enforce `timeoutInterval` for custom protocols, so a delay past it ends
    /// in `.timedOut` at the time-out, as it would over a socket; the entry completes at the full delay.
    /// With a test's ``ManualClock`` the delay and the time-out both fall due as the test moves it.
    private func schedule(
        _ outcome: Outcome, after delay: Duration, on clock: ManualClock?, timeout: TimeInterval, url: URL,
        complete: @escaping @Sendable () -> Void
    ) {
        guard delay > .zero else {
            complete()
            deliver(outcome)
            return
        }
        // URLProtocol cannot be Sendable; the timers only call `deliver`, which claims delivery under its lock.
        nonisolated(unsafe) let unsafeSelf = self
        let timeoutDelay = Duration.milliseconds(Int64(timeout * 1000))
        let after: (Duration, @escaping @Sendable () -> Void) -> Void = { wait, work in
            if let clock { clock.schedule(after: wait, work) } else { Self.after(wait, work) }
        }
        guard timeout > 0, delay >= timeoutDelay else {
            after(delay) {
                complete()
                unsafeSelf.deliver(outcome)
            }
            return
        }
        let timedOut = Outcome.fail(
            .timedOut,
            message:
                "Understudy in-process: the stub's delay (\(delay)) is longer than the request's timeout (\(timeout) s).",
            url: url)
        after(timeoutDelay) { unsafeSelf.deliver(timedOut) }
        after(delay, complete)
    }

    /// Runs `work` on a global queue once `wait` has passed; never sleeps a thread.
    private static func after(_ wait: Duration, _ work: @escaping @Sendable () -> Void) {
        let (seconds, attoseconds) = wait.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: work)
    }

    /// Tells the client, unless `stopLoading` or another outcome came first. Delivery is claimed
    /// under the state lock, released before any client call; the calls are made under
    /// ``clientCalls``, which a client calling back on the same thread (`stopLoading` from
    /// `urlProtocolDidFinishLoading`, as Apple's loader may) re-enters. Between client calls the
    /// state is read again, so once `stopLoading` is seen the client hears nothing more.
    func deliver(_ outcome: Outcome) {
        let claimed = state.withLock { state -> Bool in
            guard state == .loading else { return false }
            state = .delivering
            return true
        }
        guard claimed else {
            // A stream whose client left (or that timed out) before its head: journalled with no events.
            if case .respond = outcome { streamJournal.withLock { $0.take() }?([]) }
            return
        }
        if case .respond(let decision, let url, false) = outcome, let timed = timedBody.withLock({ $0.take() }) {
            startStream(timed, decision: decision, url: url)
            return
        }
        streamJournal.withLock { $0.take() }?([])
        tellClient(outcome)
        state.withLock { $0 = .finished }
        untrack()
    }

    /// True while this delivery may still call the client (`stopLoading` not seen yet).
    var mayTellClient: Bool {
        state.withLock { $0 == .delivering }
    }

    private func tellClient(_ outcome: Outcome) {
        clientCalls.lock()
        defer { clientCalls.unlock() }
        guard let client, mayTellClient else { return }
        switch outcome {
        case .fail(let code, let message, let url):
            var info: [String: Any] = [NSLocalizedDescriptionKey: message]
            if let url { info[NSURLErrorFailingURLErrorKey] = url }
            ended.withLock { $0 = true }
            client.urlProtocol(self, didFailWithError: URLError(code, userInfo: info))
        case .respond(let decision, let url, let isHead):
            let response = HTTPURLResponse(
                url: url, statusCode: decision.status, httpVersion: "HTTP/1.1",
                headerFields: Self.headerFields(decision))
            guard let response else {
                ended.withLock { $0 = true }
                client.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
                return
            }
            client.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            // One chunk: corelibs keeps only the last `didLoad` for completion-handler tasks.
            if !isHead, !decision.body.isEmpty {
                guard mayTellClient else { return }
                client.urlProtocol(self, didLoad: decision.body)
            }
            guard mayTellClient else { return }
            ended.withLock { $0 = true }
            client.urlProtocolDidFinishLoading(self)
        }
    }
}
