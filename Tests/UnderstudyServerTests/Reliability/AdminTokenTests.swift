import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON

@testable import UnderstudyServer

/// The optional admin token, over real sockets.
@Suite struct AdminTokenTests {
    static let stubs = [#"{"request":{"url":"/ok"},"response":{"status":200,"body":"fine"}}"#]

    static func tokenConfiguration(_ token: String) -> StubServerConfiguration {
        var configuration = StubServerConfiguration()
        configuration.adminToken = token
        return configuration
    }

    /// One request on its own connection; returns the answer.
    static func send(_ method: String, _ path: String, headers: [String] = [], body: String = "", port: Int)
        async throws -> RawResponse
    {
        let head =
            ["\(method) \(path) HTTP/1.1", "Host: a", "Connection: close", "Content-Length: \(body.utf8.count)"]
            + headers
        let response = try await RawConnection.with(port: port) { connection in
            try await connection.send(head.joined(separator: "\r\n") + "\r\n\r\n" + body)
            return try await connection.readResponse()
        }
        return try #require(response)
    }

    static func withTokenServer(_ token: String?, _ body: (StubHTTPServer) async throws -> Void) async throws {
        try await withAdminServer(
            stubs: Self.stubs, configuration: token.map(tokenConfiguration) ?? quietConfiguration, body)
    }

    @Test(arguments: [
        [String](),
        ["Authorization: Bearer wrong"],
        ["Authorization: Bearer s3cre"],
        ["Authorization: Bearer s3cret-and-more"],
        ["Authorization: Basic czNjcmV0"],
        ["Authorization: s3cret"],
        ["Authorization: Bearer"],
        ["X-Understudy-Admin-Token: S3CRET"],
        ["X-Understudy-Admin-Token: "]
    ])
    func requestsWithoutTheRightTokenGet401InWireMocksShape(_ headers: [String]) async throws {
        try await Self.withTokenServer("s3cret") { server in
            let response = try await Self.send("GET", "/__admin/mappings", headers: headers, port: server.port)
            #expect(response.status == 401)
            #expect(response.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
            let json = try JSONParser.parse(Data(response.body))
            #expect(json["errors"]?[0]?["title"]?.stringValue == "Not authorised")
        }
    }

    @Test(arguments: [
        ["Authorization: Bearer s3cret"],
        ["Authorization: bearer   s3cret "],
        ["X-Understudy-Admin-Token: s3cret"],
        ["Authorization: Basic abc", "X-Understudy-Admin-Token: s3cret"]
    ])
    func theRightTokenIsLetThrough(_ headers: [String]) async throws {
        try await Self.withTokenServer("s3cret") { server in
            let response = try await Self.send("GET", "/__admin/mappings", headers: headers, port: server.port)
            #expect(response.status == 200)
            #expect(response.bodyText.contains(#""total":1"#))
        }
    }

    @Test func aRefusedChangeChangesNothing() async throws {
        try await Self.withTokenServer("s3cret") { server in
            let stub = #"{"request":{"url":"/new"},"response":{"status":201}}"#
            let refused = try await Self.send("POST", "/__admin/mappings", body: stub, port: server.port)
            #expect(refused.status == 401)
            let reset = try await Self.send("POST", "/__admin/reset", port: server.port)
            #expect(reset.status == 401)
            let shutdown = try await Self.send("POST", "/__admin/shutdown", port: server.port)
            #expect(shutdown.status == 401)
            #expect(server.engine.store.stubs.count == 1)
            #expect(server.isRunning)
            let accepted = try await Self.send(
                "POST", "/__admin/mappings", headers: ["Authorization: Bearer s3cret"], body: stub, port: server.port)
            #expect(accepted.status == 201)
            #expect(server.engine.store.stubs.count == 2)
        }
    }

    @Test func stubTrafficNeverNeedsTheToken() async throws {
        try await Self.withTokenServer("s3cret") { server in
            let served = try await Self.send("GET", "/ok", port: server.port)
            #expect(served.bodyText == "fine")
        }
    }

    @Test func anEmptyTokenLocksTheAdminAPI() async throws {
        try await Self.withTokenServer("") { server in
            let viaHeader = try await Self.send(
                "GET", "/__admin/mappings", headers: ["X-Understudy-Admin-Token: "], port: server.port)
            #expect(viaHeader.status == 401)
            let viaBearer = try await Self.send(
                "GET", "/__admin/mappings", headers: ["Authorization: Bearer "], port: server.port)
            #expect(viaBearer.status == 401)
        }
    }

    @Test func withoutATokenTheAdminAPIIsOpen() async throws {
        try await Self.withTokenServer(nil) { server in
            let listed = try await Self.send("GET", "/__admin/mappings", port: server.port)
            #expect(listed.status == 200)
        }
    }

    @Test func comparisonLooksAtEveryByteAndTheLength() {
        let secret = Array("s3cret".utf8)
        #expect(AdminTokenGate.constantTimeEqual(secret, secret))
        #expect(!AdminTokenGate.constantTimeEqual(Array("s3cre".utf8), secret))
        #expect(!AdminTokenGate.constantTimeEqual(Array("s3cret\0".utf8), secret))
        #expect(!AdminTokenGate.constantTimeEqual(Array("t3cret".utf8), secret))
        #expect(!AdminTokenGate.constantTimeEqual([], []))
    }
}
