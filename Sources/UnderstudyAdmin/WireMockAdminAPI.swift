import Foundation
import Synchronization
import UnderstudyCore

/// WireMock's admin API (`/__admin`) over one stub engine: the routes, status codes and JSON
/// shapes that WireMock 3.x clients use, plus the 2.x routes older clients still call
/// (`POST /__admin/requests/reset`, `POST /__admin/mappings/edit`).
///
/// Changes are applied one at a time; reads run alongside them. Errors always come back in
/// WireMock's shape, `{"errors":[{"code":…,"source":{"pointer":…},"title":…,"detail":…}]}`.
public final class WireMockAdminAPI: AdminRequestHandler {
    /// The stub world this API reads and changes.
    public let engine: StubEngine
    /// Where `mappings/` lives: reset reloads it, persistent stubs are written to it. Nil for a
    /// world without a folder, where reset simply empties the store.
    public let mappings: MappingDirectory?
    /// Reported by `GET /__admin/version` and `GET /__admin/health`.
    public let version: String
    let startedAt: Date
    let persistence: StubFilePersistence?
    /// Records proxied traffic into stubs (`/__admin/recordings/…`); nil answers those routes
    /// with a 501 (the recorder lives in `UnderstudyRecording`, which this module does not link).
    public let recorder: (any AdminRecording)?
    /// One change at a time, so the store and the files on disk agree.
    private let changes = Mutex(())

    /// - Parameters:
    ///   - engine: the stub world to administer.
    ///   - mappings: the folder to reload on reset and to save persistent stubs into.
    ///   - version: the version to report.
    ///   - recorder: the recorder behind `/__admin/recordings`, e.g. `UnderstudyRecording`'s
    ///     `StubRecorder` saving into `mappings`; without one those routes answer 501.
    public init(
        engine: StubEngine, mappings: MappingDirectory? = nil, version: String = UnderstudyVersion.current,
        recorder: (any AdminRecording)? = nil
    ) {
        self.engine = engine
        self.mappings = mappings
        self.version = version
        self.recorder = recorder
        self.startedAt = Date()
        self.persistence = mappings.map(StubFilePersistence.init(directory:))
        persistence?.adopt(engine.store.storedStubs)
    }

    /// Answers one request whose path starts with `/__admin`.
    public func handle(_ request: LoggedRequest) -> AdminResponse {
        // Reads, and waits that may last seconds, run alongside changes (a wait holding the
        // lock would stop the very sends it waits for).
        if request.method == "GET" || request.method == "HEAD" || Self.runsAlongsideChanges(request.path) {
            return Self.router.handle(request, target: self)
        }
        return changes.withLock { _ in Self.router.handle(request, target: self) }
    }

    static let router: AdminRouter<WireMockAdminAPI> = {
        var router = AdminRouter<WireMockAdminAPI>()
        addMappingRoutes(to: &router)
        addRequestRoutes(to: &router)
        addNearMissRoutes(to: &router)
        addContractRoutes(to: &router)
        addScenarioRoutes(to: &router)
        addSettingsRoutes(to: &router)
        addSystemRoutes(to: &router)
        addRecordingRoutes(to: &router)
        addFileRoutes(to: &router)
        addMessageMappingRoutes(to: &router)
        addMessageJournalRoutes(to: &router)
        addChannelRoutes(to: &router)
        return router
    }()
}

extension WireMockAdminAPI {
    /// `{}`: what WireMock answers when there is nothing to say.
    static var ok: AdminResponse { .json(.object([:])) }

    /// `{"mappings":[…],"meta":{"total":n}}`.
    static func mappingList(_ stubs: [StubMapping], total: Int? = nil) -> AdminResponse {
        .json(["mappings": .array(stubs.map(\.json)), "meta": ["total": .int(total ?? stubs.count)]])
    }
}
