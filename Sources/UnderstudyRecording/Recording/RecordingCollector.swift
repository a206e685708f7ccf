import Foundation
import Synchronization
import UnderstudyCore

/// The exchanges of one recording, collected as they happen from the journal's observers: the
/// recording holds every one from start to stop, however small the journal is (or disabled).
final class RecordingCollector: Sendable {
    private struct State {
        /// Arrival order.
        var order: [UUID] = []
        var events: [UUID: ServeEvent] = [:]
        var tokens: [ObservationToken] = []
    }

    private let state = Mutex(State())

    /// Starts collecting the events of `journal` answered by the stub `stubID`, and, with
    /// `passThrough`, the requests a forward proxy passed through to their hosts.
    init(journal: RequestJournal, stubID: UUID?, passThrough: Bool = false) {
        let arrivals = journal.observe { [weak self] event in
            let passedThrough =
                passThrough && event.stub == nil && event.request.browserProxyRequest
                && event.responseDefinition.proxy != nil
            guard passedThrough || (stubID != nil && event.stub?.id == stubID) else { return }
            self?.state.withLock { state in
                state.order.append(event.id)
                state.events[event.id] = event
            }
        }
        let completions = journal.observeCompletions { [weak self] completion in
            self?.state.withLock { state in
                guard state.events[completion.id] != nil else { return }
                state.events[completion.id]?.response = completion.response
                if let timing = completion.timing { state.events[completion.id]?.timing = timing }
                state.events[completion.id]?.subEvents.append(contentsOf: completion.subEvents)
            }
        }
        state.withLock { $0.tokens = [arrivals, completions] }
    }

    /// Stops collecting; returns the events in arrival order (those still unanswered included;
    /// the recorder's filters leave them out).
    func finish() -> [ServeEvent] {
        let (tokens, events) = state.withLock { state in
            defer {
                state.tokens = []
                state.order = []
                state.events = [:]
            }
            return (state.tokens, state.order.compactMap { state.events[$0] })
        }
        for token in tokens { token.cancel() }
        return events
    }
}
