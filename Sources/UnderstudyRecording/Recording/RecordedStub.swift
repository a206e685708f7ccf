import Foundation
import UnderstudyCore
import UnderstudyJSON

/// One stub made from recorded traffic, with the body file it refers to (if its body was too
/// big or binary to keep inline) and the file name it is saved under in `mappings/`.
public struct RecordedStub: Sendable {
    /// The stub, as added to the world and written to disk.
    public var stub: StubMapping
    /// `mappings/<fileName>`: readable, e.g. `get-api-timeline-1a2b3c4d.json`.
    public var fileName: String
    /// Saved as `__files/<name>`; the stub's `bodyFileName` names it.
    public var bodyFile: BodyFile?

    /// A response body kept in `__files`.
    public struct BodyFile: Sendable, Equatable {
        /// The file name under `__files`.
        public var name: String
        /// The body bytes.
        public var data: Data
    }
}

/// What a recording or snapshot produced.
public struct RecordingResult: Sendable {
    /// One per distinct request (several for a scenario of repeats), in the order first seen.
    public var stubs: [RecordedStub]
    /// What was left out of the stubs and files.
    public var redactions: RedactionReport
    /// One line per recorded stub whose response body was too large to keep (see
    /// ``StubGenerator``): e.g. `GET /video: 200 with 90000000 bytes, over the capture limit of 67108864`.
    public var uncapturedBodies: [String] = []

    /// `{"mappings":[…]}` or `{"ids":[…]}`, as WireMock answers `recordings/stop` and `snapshot`.
    public func json(_ format: RecordSpec.OutputFormat) -> JSONValue {
        switch format {
        case .full: return ["mappings": .array(stubs.map(\.stub.json))]
        case .ids: return ["ids": .array(stubs.map { .string($0.stub.id.uuidString.lowercased()) })]
        }
    }
}
