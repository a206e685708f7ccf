import Testing

@testable import UnderstudyServer

/// What every HTTP/2 bad-input case shares: a good stub, a server with small limits, and the
/// check that a good request on a new connection is still answered, over HTTP/2 and HTTP/1.1.
enum HTTP2BadInput {
    static let ok = #"{"request":{"method":"GET","url":"/ok"},"response":{"status":200,"body":"ok"}}"#
    /// The header limit the server advertises as SETTINGS_MAX_HEADER_LIST_SIZE.
    static let maxHeaderBytes = 4096

    /// Small header limit; an idle time-out short enough that a case the server fails to end
    /// shows as a GOAWAY with NO_ERROR (the idle close) instead of a hang.
    static var configuration: StubServerConfiguration {
        var configuration = StubServerConfiguration()
        configuration.maxHeaderBytes = maxHeaderBytes
        configuration.idleTimeout = .seconds(5)
        return configuration
    }

    /// A server for one case: `ok` and `stubs`, then the still-serving check after `body`.
    static func serve<T>(_ stubs: [String] = [], _ body: (StubHTTPServer) async throws -> T) async throws -> T {
        try await withServer([ok] + stubs, configuration: configuration) { server in
            let result = try await body(server)
            try await expectStillServing(server)
            return result
        }
    }

    static func expectStillServing(_ server: StubHTTPServer) async throws {
        let overHTTP2 = try await HTTP2TestClient.with(port: server.port) { try await $0.send("GET", "/ok") }
        #expect(overHTTP2.status == 200)
        let overHTTP1 = try await RawConnection.with(port: server.port) { connection in
            try await connection.send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n")
            return try await connection.readResponse()
        }
        #expect(overHTTP1?.bodyText == "ok")
    }

    /// Opens a connection with the preface and `afterPreface`, and reads every frame until the
    /// server ends the connection.
    static func framesAfterSending(_ afterPreface: [UInt8], to server: StubHTTPServer) async throws -> [RawFrame] {
        try await RawConnection.with(port: server.port) { connection in
            try await connection.send(bytes: CleartextNegotiator.preface + afterPreface)
            return await connection.readFramesToEnd()
        }
    }
}
