import Foundation
import Testing
import UnderstudyCore
import UnderstudyServer

/// Static files and `bodyFileName` never read outside `__files`, symbolic links included, over a real socket.
@Suite struct FilesEscapeTests {
    /// root/secret.txt outside; inside __files: a good file, a link to the secret, a link to the
    /// root folder, and a link that stays inside (which is allowed).
    static func makeRoot() throws -> URL {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("understudy-escape-\(UUID().uuidString)")
        let files = root.appendingPathComponent("__files")
        try manager.createDirectory(at: files.appendingPathComponent("inner"), withIntermediateDirectories: true)
        try Data("top secret".utf8).write(to: root.appendingPathComponent("secret.txt"))
        try Data("public".utf8).write(to: files.appendingPathComponent("inner/public.txt"))
        try manager.createSymbolicLink(
            atPath: files.appendingPathComponent("secret-link.txt").path, withDestinationPath: "../secret.txt")
        try manager.createSymbolicLink(
            atPath: files.appendingPathComponent("absolute-link.txt").path,
            withDestinationPath: root.appendingPathComponent("secret.txt").path)
        try manager.createSymbolicLink(atPath: files.appendingPathComponent("up").path, withDestinationPath: "..")
        try manager.createSymbolicLink(
            atPath: files.appendingPathComponent("inner-link.txt").path, withDestinationPath: "inner/public.txt")
        return root
    }

    static func get(_ path: String, port: Int) async throws -> RawResponse {
        let response = try await RawConnection.with(port: port) { connection in
            try await connection.send("GET \(path) HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
            return try await connection.readResponse()
        }
        return try #require(response)
    }

    @Test(arguments: [
        "/secret-link.txt", "/absolute-link.txt", "/up/secret.txt", "/up/__files/up/secret.txt", "/up%2fsecret.txt",
        "/inner/../up/secret.txt"
    ])
    func staticFilesThroughLinksOutsideAreRefused(_ path: String) async throws {
        let root = try Self.makeRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        try await withServer(files: FilesDirectory(url: root.appendingPathComponent("__files"))) { server in
            let response = try await Self.get(path, port: server.port)
            #expect(response.status == 404)
            #expect(!response.bodyText.contains("top secret"))
        }
    }

    @Test func aLinkThatStaysInsideIsServed() async throws {
        let root = try Self.makeRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        try await withServer(files: FilesDirectory(url: root.appendingPathComponent("__files"))) { server in
            let linked = try await Self.get("/inner-link.txt", port: server.port)
            #expect(linked.bodyText == "public")
        }
    }

    @Test(arguments: [
        "secret-link.txt", "absolute-link.txt", "up/secret.txt", "../secret.txt", "%2e%2e/secret.txt",
        "/etc/../../secret.txt"
    ])
    func bodyFilesThroughLinksOutsideAreRefused(_ name: String) async throws {
        let root = try Self.makeRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let stub = #"{"request":{"url":"/file"},"response":{"status":200,"bodyFileName":"\#(name)"}}"#
        try await withServer([stub], files: FilesDirectory(url: root.appendingPathComponent("__files"))) { server in
            let response = try await Self.get("/file", port: server.port)
            #expect(response.status == 500)
            #expect(response.bodyText.contains("outside __files"))
            #expect(!response.bodyText.contains("top secret"))
        }
    }
}
