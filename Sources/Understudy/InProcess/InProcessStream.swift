import Foundation
import Synchronization
import UnderstudyCore
import UnderstudyServer

/// Plays a streamed response (server-sent events, body chunks) to a URLProtocol client piece by
/// piece: the server transport's own steps (``TimedBody``, so the same bytes, `Last-Event-ID`
/// resume and journal notes), each after its delay on `Task.sleep`, held ones at the stream's gate.
///
/// Measured with Swift 6.3.1 on Linux: each `didLoad` reaches a data-task delegate within a
/// millisecond of the call, and cancelling the task calls `stopLoading` within a millisecond.
actor InProcessStream {
    /// How the stream reaches its URLProtocol, which owns the client and its rules.
    struct Client: Sendable {
        /// Hands on one piece; false once the client has gone (`stopLoading`).
        var load: @Sendable (Data) -> Bool
        /// Ends the load: finished when nil, failed with this fault otherwise.
        var end: @Sendable (Fault?) -> Void
    }

    private let body: TimedBody
    private let client: Client
    /// Journals the stream once it has ended, one way or another.
    private let completed: @Sendable ([SubEvent]) -> Void
    private var subEvents: [SubEvent] = []
    /// Steps run so far, for the journal's note of a client that left.
    private var stepsRun = 0
    /// The task playing the stream, and whether the client left (maybe before it started).
    private let control = Mutex<(task: Task<Void, Never>?, left: Bool)>((nil, false))
    /// Signalled when the host closes: the stream ends after its last step, open or not.
    private let hostClosed: AsyncStream<Void>
    private let closing: AsyncStream<Void>.Continuation

    init(_ body: TimedBody, client: Client, completed: @escaping @Sendable ([SubEvent]) -> Void) {
        self.body = body
        self.client = client
        self.completed = completed
        (hostClosed, closing) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Starts playing and returns at once.
    nonisolated func start() {
        let task = Task { await self.play() }
        let left = control.withLock { control -> Bool in
            control.task = task
            return control.left
        }
        if left { task.cancel() }
    }

    /// The client left (`stopLoading`) or the host went offline: the stream stops where it is,
    /// journalled as a client that left mid-stream.
    nonisolated func stop() {
        let task = control.withLock { control -> Task<Void, Never>? in
            control.left = true
            return control.task
        }
        task?.cancel()
    }

    /// The host closed: the stream ends after its last step, as a stopping server ends it.
    nonisolated func endAfterLastStep() {
        closing.yield()
        closing.finish()
    }

    private func play() async {
        let heartbeat = body.heartbeat.map { interval in
            Task { [weak self] in
                while true {
                    do { try await Task.sleep(for: interval) } catch { return }
                    guard let self, await self.beat() else { return }
                }
            }
        }
        defer { heartbeat?.cancel() }
        for step in body.steps {
            // Held: the test lets it through; its delay counts from then, as on the server.
            if step.held, let gate = body.gate { await Self.pass(gate) }
            if step.delay > .zero { try? await Task.sleep(for: step.delay) }
            guard !Task.isCancelled else { return leave() }
            stepsRun += 1
            switch step.action {
            case .send(let bytes, let note):
                if let note { subEvents.append(TimedBody.sent(note)) }
                guard client.load(bytes) else { return leave() }
            case .fault(let fault):
                client.end(fault)
                return completed(subEvents)
            }
        }
        if body.keepOpen {
            // Open until the host closes or the client leaves (which cancels this wait).
            for await _ in hostClosed { break }
            guard !Task.isCancelled else { return leave() }
        }
        client.end(nil)
        completed(subEvents)
    }

    private func leave() {
        completed(subEvents + [TimedBody.clientLeft(afterSteps: stepsRun)])
    }

    /// Sends a heartbeat comment; false once the client has gone.
    private func beat() -> Bool {
        client.load(Data(ServerSentEvent.heartbeatText.utf8))
    }

    /// Waits for one pass through `gate`; returns at once when the task is cancelled (the gate's
    /// later call then finds nobody waiting, as the server's does).
    private static func pass(_ gate: ResponseGate) async {
        let (passed, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        gate.hold {
            signal.yield()
            signal.finish()
        }
        for await _ in passed { break }
    }
}
