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
