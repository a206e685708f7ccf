import Foundation
import Testing
import UnderstudyTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `URLCache.isolatedForTesting()` leaves nothing behind in the temporary directory.
@Suite struct CacheFolderTests {
    @Test func aReleasedCacheTakesItsFolderWithIt() throws {
        let marker = UUID().uuidString
        var folder: URL?
        do {
            let cache = URLCache.isolatedForTesting()
            cache.seed(try #require(URL(string: "http://127.0.0.1:9/\(marker)")), json: "{}")
            folder = Self.cacheFolder(holding: marker)
            #expect(folder != nil)
        }
        let released = try #require(folder)
        #expect(!FileManager.default.fileExists(atPath: released.path))
    }

    @Test func aCacheASessionUsedIsGoneWithTheSession() async throws {
        let marker = UUID().uuidString
        let url = try #require(URL(string: "http://127.0.0.1:9/\(marker)"))
        var folder: URL?
        do {
            let cache = URLCache.isolatedForTesting()
            cache.seed(url, json: #"{"id":1}"#)
            folder = Self.cacheFolder(holding: marker)
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = cache
            let session = URLSession(configuration: configuration)
            var request = URLRequest(url: url)
            request.cachePolicy = .returnCacheDataDontLoad
            let (data, _) = try await session.data(for: request)
            #expect(String(decoding: data, as: UTF8.self) == #"{"id":1}"#)
            session.finishTasksAndInvalidate()
        }
        let released = try #require(folder)
        await eventually("the cache folder is removed", timeout: .seconds(5)) {
            !FileManager.default.fileExists(atPath: released.path)
        }
    }

    /// The `understudy-cache-*` folder whose stored entry names `marker` (a URL path is archived as text).
    static func cacheFolder(holding marker: String) -> URL? {
        let manager = FileManager.default
        let temporary = manager.temporaryDirectory
        let names = (try? manager.contentsOfDirectory(atPath: temporary.path)) ?? []
        let bytes = Data(marker.utf8)
        for name in names where name.hasPrefix("understudy-cache-") {
            let folder = temporary.appendingPathComponent(name)
            for file in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] {
                let data = (try? Data(contentsOf: folder.appendingPathComponent(file))) ?? Data()
                if data.range(of: bytes) != nil { return folder }
            }
        }
        return nil
    }
}
