import NIOCore
import UnderstudyCore

/// A ``TimedBody`` on its way out of one ``StubConnectionHandler``: where it is, what to cancel
/// when it ends early, and what the journal hears once it ends.
struct LiveTimedBody {
    var body: TimedBody
    /// The index of the next step to run.
    var next = 0
    /// The held step that has been through the gate and now only waits for its delay.
    var passedGate: Int?
    var mustClose: Bool
    /// The next step's timer, while it waits.
    var scheduled: Scheduled<Void>?
    var heartbeat: RepeatedTask?
    /// The server's handle on this stream, to tell it to end when the server stops.
    var registration: Int?
    /// End after the last step, open or not: the client half-closed, or the server is stopping.
    var endsAfterLastStep: Bool
    var subEvents: [SubEvent] = []
    /// The last piece written, which a fault waits for: an HTTP/2 stream reset drops the frames
    /// its stream has not flushed yet (NIO flushes a stream's writes at the end of the read).
    var lastWrite: EventLoopFuture<Void>?
    var completed: @Sendable ([SubEvent]) -> Void

    var allSent: Bool { next >= body.steps.count }

    /// Stops the timers; the body is finished with, one way or another.
    func cancelTimers() {
        scheduled?.cancel()
        heartbeat?.cancel()
    }
}
