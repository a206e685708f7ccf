import Foundation
import Testing
import UnderstudyTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct FixtureAndCacheTests {
    struct Item: Decodable, Equatable { var id: Int }

    @Test func fixturesReadBodyFilesAndRefuseToLeaveTheFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "understudy-fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("__files"), withIntermediateDirectories: true)
        try Data(#"[{"id":4}]"#.utf8).write(to: root.appendingPathComponent("__files/items.json"))
        defer { try? FileManager.default.removeItem(at: root) }
        let fixtures = Fixtures(root: root)

        #expect(try fixtures.decode([Item].self, fromBodyFile: "items.json") == [Item(id: 4)])
        #expect(throws: FixtureError.outsideRoot("../x")) { try fixtures.data(at: "../x") }
        #expect(throws: FixtureError.self) { try fixtures.bodyFile("missing.json") }
    }

    @Test func aSeededCacheAnswersWhenTheServerIsOffline() async throws {
        try await withStubServer { server in
            let cache = URLCache.isolatedForTesting()
            cache.seed(try server.url("/cached"), json: #"{"id":9}"#)
            let configuration = server.sessionConfiguration()
            configuration.urlCache = cache
            let session = URLSession(configuration: configuration)
            await server.goOffline()
            var request = URLRequest(url: try server.url("/cached"))
            request.cachePolicy = .returnCacheDataDontLoad

            let (data, _) = try await session.data(for: request)

            #expect(try JSONDecoder().decode(Item.self, from: data) == Item(id: 9))
            #expect(server.receivedRequests.isEmpty)
        }
    }
}
