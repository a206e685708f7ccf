import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The cache `URLCache.isolatedForTesting()` makes: its disk folder is removed when the last
/// reference goes (so never while a session, or corelibs' background store, still holds it),
/// and any folder still there when the process exits is removed then.
// Unchecked: restates URLCache's own (Swift asks it of a subclass); URLCache locks its own state, and this adds one constant.
final class IsolatedURLCache: URLCache, @unchecked Sendable {
    private let folder: String

    init(memoryCapacity: Int, diskCapacity: Int, folder: String) {
        self.folder = folder
        IsolatedCacheFolders.add(folder)
        super.init(memoryCapacity: memoryCapacity, diskCapacity: diskCapacity, diskPath: folder)
    }

    deinit {
        IsolatedCacheFolders.remove(folder)
    }
}

/// The folders of live isolated caches, for the sweep at process exit (a cache a leaked session
/// still holds is never released).
enum IsolatedCacheFolders {
    private static let live = Mutex<Set<String>>([])
    private static let sweepAtExit: Void = {
        atexit { IsolatedCacheFolders.removeAll() }
    }()

    static func add(_ folder: String) {
        _ = sweepAtExit
        live.withLock { _ = $0.insert(folder) }
    }

    static func remove(_ folder: String) {
        live.withLock { _ = $0.remove(folder) }
        try? FileManager.default.removeItem(atPath: folder)
    }

    static func removeAll() {
        for folder in live.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: folder) }
    }
}
