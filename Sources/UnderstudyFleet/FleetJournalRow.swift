import Foundation
import UnderstudyCore

/// What the shared journal keeps of a serve event (``FleetEventCodec`` says why), and what a node
/// holds for each request it served until the row is written. Leaner than the event: copying the
/// stub's whole response definition into the queue for every request cost more than writing it.
struct FleetJournalRow: Sendable {
    var id: UUID
    var request: LoggedRequest
    var stubID: UUID?
    /// The status the stub asked for (404 for none).
    var status: Int
    var response: LoggedResponse?
    var timing: ServeTiming?
    var subEvents: [SubEvent]

    init(_ event: ServeEvent) {
        id = event.id
        request = event.request
        stubID = event.stub?.id
        status = event.responseDefinition.status
        response = event.response
        timing = event.timing
        subEvents = event.subEvents
    }
}
