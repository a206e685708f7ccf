import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `understudy serve --admin-token` and `UNDERSTUDY_ADMIN_TOKEN`, seen from a real client.
@Suite struct ServeAdminTokenTests {
    static func adminStatus(_ base: URL, token: String?) async throws -> Int {
        var request = URLRequest(url: base.appendingPathComponent("__admin/mappings"))
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (_, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? -1
    }

    @Test(arguments: [
        (["--admin-token", "flag-token"], [String: String](), "flag-token"),
        ([], ["UNDERSTUDY_ADMIN_TOKEN": "env-token"], "env-token"),
        (["--admin-token", "flag-token"], ["UNDERSTUDY_ADMIN_TOKEN": "env-token"], "flag-token")
    ])
    func theAdminAPINeedsTheToken(_ flags: [String], _ environment: [String: String], _ token: String) async throws {
        let root = try TemporaryRoot()
        try root.write("mappings/a.json", #"{"request":{"url":"/a"},"response":{"body":"open"}}"#)
        let server = try await ServerProcess.start(
            ["serve", "--root", root.url.path, "--port", "0"] + flags, environment: environment)
        defer { server.terminate() }
        let base = try #require(URL(string: server.firstLine))
        #expect(try await Self.adminStatus(base, token: nil) == 401)
        #expect(try await Self.adminStatus(base, token: "wrong") == 401)
        #expect(try await Self.adminStatus(base, token: token) == 200)
        // Stub traffic never needs it.
        let (body, _) = try await URLSession(configuration: .ephemeral).data(from: base.appendingPathComponent("a"))
        #expect(String(decoding: body, as: UTF8.self) == "open")
        #expect(await server.signalAndWait(SIGTERM) == 0)
    }

    @Test func anEmptyTokenFlagIsAUsageError() async throws {
        #expect(try await CLIProcess.run(["serve", "--admin-token", "", "--port", "0"]).status == 64)
    }
}
