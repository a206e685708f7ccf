import Foundation
import StatusPoster
import Synchronization
import UnderstudyTesting

/// The example's WireMock folder, the same one `understudy serve` serves in the README.
enum StubsFolder {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Stubs")

    static let fixtures = Fixtures(root: root)
}

/// Which client a contract test drives.
enum Implementation: String, CaseIterable, CustomStringConvertible, Sendable {
    case legacy, modern

    var description: String { rawValue }

    func client(for host: any StubHost, credentials: Credentials? = nil, observer: (any PostObserver)? = nil)
        -> any StatusService
    {
        switch self {
        case .legacy:
            return LegacyStatusClient(
                baseURL: host.baseURL, credentials: credentials, configuration: host.sessionConfiguration(),
                observer: observer)
        case .modern:
            return StatusClient(
                baseURL: host.baseURL, credentials: credentials, configuration: host.sessionConfiguration(),
                observer: observer)
        }
    }
}

/// Remembers every outcome it is told, for assertions.
final class RecordingObserver: PostObserver {
    private let recorded = Mutex<[PostOutcome]>([])

    var outcomes: [PostOutcome] { recorded.withLock { $0 } }

    func statusPost(didFinishWith outcome: PostOutcome) {
        recorded.withLock { $0.append(outcome) }
    }
}
