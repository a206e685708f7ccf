import Foundation
import Testing
import UnderstudyCore
import UnderstudyServer

@Suite struct ServerBadInputTests {
    static let stubs = [#"{"request":{"url":"/ok"},"response":{"status":200,"body":"fine"}}"#]
    static let small = StubServerConfiguration(maxHeaderBytes: 1024, maxBodyBytes: 100)

    /// Sends `text`, returns the one answer and whether the server then closed.
    static func exchange(_ text: String, port: Int) async throws -> (response: RawResponse?, closed: Bool) {
        try await RawConnection.with(port: port) { connection in
            try await connection.send(text)
            let response = try await connection.readResponse()
            let (rest, _) = await connection.readToEnd()
            return (response, rest.isEmpty)
        }
    }

    /// The server still answers properly after the bad request.
    static func expectStillServing(_ server: StubHTTPServer) async throws {
        let (response, _) = try await exchange(
            "GET /ok HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", port: server.port)
        #expect(response?.bodyText == "fine")
    }

    @Test(arguments: [
        "NOT A REQUEST\r\n\r\n",
        "GET /ok HTTP/9.9\r\nHost: a\r\n\r\n",
        "GET /ok HTTP/1.1\r\nHost: a\r\nno colon here\r\n\r\n",
        "GET /ok HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"
    ])
    func malformedRequestsGet400AndAClose(_ text: String) async throws {
        try await withServer(Self.stubs) { server in
            let (response, closed) = try await Self.exchange(text, port: server.port)
            #expect(response?.status == 400)
            #expect(closed)
            try await Self.expectStillServing(server)
        }
    }

    @Test func oversizedHeadersGet431AndAClose() async throws {
        try await withServer(Self.stubs, configuration: Self.small) { server in
            let big = String(repeating: "x", count: 2048)
            let (response, closed) = try await Self.exchange(
                "GET /ok HTTP/1.1\r\nHost: a\r\nX-Big: \(big)\r\n\r\n", port: server.port)
            #expect(response?.status == 431)
            #expect(closed)
            try await Self.expectStillServing(server)
        }
    }

    @Test func aDeclaredBodyOverTheLimitGets413BeforeItIsSent() async throws {
        try await withServer(Self.stubs, configuration: Self.small) { server in
            // Only the head is sent: the answer must come without waiting for the body.
            let (response, closed) = try await Self.exchange(
                "POST /ok HTTP/1.1\r\nHost: a\r\nContent-Length: 5000\r\n\r\n", port: server.port)
            #expect(response?.status == 413)
            #expect(closed)
            #expect(server.engine.journal.count == 0)
            try await Self.expectStillServing(server)
        }
    }

    @Test func aChunkedBodyGrowingOverTheLimitGets413() async throws {
        try await withServer(Self.stubs, configuration: Self.small) { server in
            let chunk = String(repeating: "y", count: 60)
            let (response, closed) = try await Self.exchange(
                "POST /ok HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3c\r\n\(chunk)\r\n3c\r\n\(chunk)\r\n",
                port: server.port)
            #expect(response?.status == 413)
            #expect(closed)
            #expect(server.engine.journal.count == 0)
        }
    }

    @Test func idleAndHalfSentConnectionsAreClosed() async throws {
        var configuration = StubServerConfiguration()
        // Long enough that a loaded machine (CI on 2 cores, a load average of 10 seen) still sends
        // each request inside it: at 200 ms the server closed before a request went out.
        configuration.idleTimeout = .seconds(1)
        try await withServer(Self.stubs, configuration: configuration) { server in
            let (idleBytes, idleError) = try await RawConnection.with(port: server.port) { await $0.readToEnd() }
            #expect(idleBytes.isEmpty)
            #expect(idleError == nil)
            let (halfBytes, _) = try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /ok HTTP/1.1\r\nHost: a\r\n")
                return await connection.readToEnd()
            }
            #expect(halfBytes.isEmpty)
            // Between requests, too.
            let (response, closed) = try await Self.exchange("GET /ok HTTP/1.1\r\nHost: a\r\n\r\n", port: server.port)
            #expect(response?.bodyText == "fine")
            #expect(closed)
        }
    }
}
