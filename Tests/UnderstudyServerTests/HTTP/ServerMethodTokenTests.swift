import Testing
import UnderstudyCore

@testable import UnderstudyServer

/// Any RFC 9110 method token reaches the stubs and matches `"method"` exactly, as in WireMock
/// (its `StubbingAcceptanceTest#stubbingArbitraryMethod`), though NIO's decoder knows a fixed list.
@Suite struct ServerMethodTokenTests {
    static let kill = #"{"request":{"method":"KILL","url":"/a"},"response":{"status":200,"body":"killed"}}"#
    static let propfind = #"{"request":{"method":"PROPFIND","url":"/a"},"response":{"status":207,"body":"dav"}}"#
    static let get = #"{"request":{"method":"GET","url":"/a"},"response":{"status":200,"body":"got"}}"#

    @Test func anArbitraryTokenMatchesItsStubAndIsJournalledAsSent() async throws {
        try await withServer([Self.kill, Self.get]) { server in
            let (killed, got) = try await RawConnection.with(port: server.port) { connection in
                try await connection.send("KILL /a HTTP/1.1\r\nHost: x\r\n\r\nGET /a HTTP/1.1\r\nHost: x\r\n\r\n")
                return (try await connection.readResponse(), try await connection.readResponse())
            }
            #expect(killed?.status == 200)
            #expect(killed?.bodyText == "killed")
            #expect(got?.bodyText == "got")
            let methods = server.engine.journal.events.map(\.request.method)
            #expect(Set(methods) == ["KILL", "GET"])
            let kill = try #require(server.engine.journal.events.first { $0.request.method == "KILL" })
            #expect(!kill.request.headers.contains { $0.name.hasPrefix("X-Understudy") })
        }
    }

    @Test func methodsMatchExactlyWithCaseAndBodiesIntact() async throws {
        try await withServer([Self.kill, Self.propfind]) { server in
            let responses = try await RawConnection.with(port: server.port) { connection in
                try await connection.send("kill /a HTTP/1.1\r\nHost: x\r\n\r\n")
                let lower = try await connection.readResponse()
                try await connection.send("PROPFIND /a HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
                let dav = try await connection.readResponse()
                return (lower, dav)
            }
            #expect(responses.0?.status == 404)
            #expect(responses.1?.status == 207)
            let propfind = try #require(server.engine.journal.events.first { $0.request.method == "PROPFIND" })
            #expect(String(decoding: propfind.request.body, as: UTF8.self) == "hello")
        }
    }

    @Test func aMethodThatIsNotATokenIsRefused() async throws {
        try await withServer([Self.get]) { server in
            let response = try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GE(T /a HTTP/1.1\r\nHost: x\r\n\r\n")
                return try await connection.readResponse()
            }
            #expect(response?.status == 400)
            #expect(server.engine.journal.events.isEmpty)
        }
    }

    /// The JDK's HttpClient and `curl --http2` ask to upgrade the first request on a connection.
    /// An upgrade we do not make leaves the connection on HTTP/1.1, serving what comes next:
    /// it used to hang, with NIO's decoder waiting for an upgrade that never happened.
    @Test(arguments: [
        "Connection: Upgrade\r\nUpgrade: websocket\r\n\r\n",
        // No HTTP2-Settings: not a valid h2c upgrade.
        "Connection: Upgrade\r\nUpgrade: h2c\r\n\r\n",
        // A body: declined, as RFC 9113 lets a server do, rather than fed through stream 1's window.
        "Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQCAAAA\r\n"
            + "Content-Length: 2\r\n\r\nhi"
    ])
    func aDeclinedUpgradeGoesOnAsHTTP1(headersAndBody: String) async throws {
        try await withServer([Self.get]) { server in
            let (first, second) = try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /a HTTP/1.1\r\nHost: x\r\n\(headersAndBody)")
                let first = try await connection.readResponse()
                try await connection.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
                return (first, try await connection.readResponse())
            }
            #expect(first?.status == 200)
            #expect(second?.status == 200)
            let upgrade = server.engine.journal.events.compactMap { $0.request.headers.first("Upgrade") }
            #expect(upgrade.count == 1)
        }
    }
}
