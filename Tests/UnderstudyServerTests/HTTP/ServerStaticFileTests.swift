import Foundation
import Testing
import UnderstudyCore
import UnderstudyServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct ServerStaticFileTests {
    /// root/__files/docs/page.json and root/secret.txt (outside __files).
    static func makeRoot() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "understudy-server-\(UUID().uuidString)")
        let files = root.appendingPathComponent("__files/docs")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        try Data(#"{"page":1}"#.utf8).write(to: files.appendingPathComponent("page.json"))
        try Data("top secret".utf8).write(to: root.appendingPathComponent("secret.txt"))
        return root
    }

    @Test func servesAnUnmatchedGETFromFiles() async throws {
        let root = try Self.makeRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        try await withServer(files: FilesDirectory(url: root.appendingPathComponent("__files"))) { server in
            let (data, response) = try await freshSession().data(from: server.url("/docs/page.json"))
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(String(decoding: data, as: UTF8.self) == #"{"page":1}"#)
        }
    }

    @Test(arguments: [
        "/../secret.txt", "/docs/../../secret.txt", "/%2e%2e/secret.txt", "/docs/%2E%2E/%2e%2e/secret.txt"
    ])
    func refusesPathsThatEscapeFiles(_ path: String) async throws {
        let root = try Self.makeRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        try await withServer(files: FilesDirectory(url: root.appendingPathComponent("__files"))) { server in
            // A raw socket, because URLSession would tidy the dots away before sending.
            let response = try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n")
                return try await connection.readResponse()
            }
            let raw = try #require(response)
            #expect(raw.status == 404)
            #expect(!raw.bodyText.contains("top secret"))
        }
    }
}
