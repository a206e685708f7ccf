import Foundation
import Testing
import UnderstudyCore
import UnderstudyServer

@Suite struct ServerConnectionTests {
    static let echoish = [
        #"{"request":{"url":"/one"},"response":{"status":200,"body":"first"}}"#,
        #"{"request":{"url":"/two"},"response":{"status":202,"body":"second"}}"#,
        #"{"request":{"method":"POST","url":"/upload"},"response":{"status":201,"body":"stored"}}"#
    ]

    @Test func answersPipelinedRequestsInOrderOnOneConnection() async throws {
        try await withServer(Self.echoish) { server in
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /one HTTP/1.1\r\nHost: a\r\n\r\nGET /two HTTP/1.1\r\nHost: a\r\n\r\n")
                let first = try #require(try await connection.readResponse())
                let second = try #require(try await connection.readResponse())
                #expect(first.bodyText == "first")
                #expect(second.bodyText == "second")
                #expect(second.status == 202)
                // Still open for a third.
                try await connection.send("GET /one HTTP/1.1\r\nHost: a\r\n\r\n")
                #expect(try await connection.readResponse()?.bodyText == "first")
            }
        }
    }

    @Test func readsAChunkedRequestBody() async throws {
        try await withServer(Self.echoish) { server in
            let response = try await RawConnection.with(port: server.port) { connection in
                try await connection.send(
                    "POST /upload HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n")
                try await connection.send("6\r\n world\r\n0\r\n\r\n")
                return try await connection.readResponse()
            }
            #expect(response?.status == 201)
            #expect(server.engine.journal.events.first?.request.bodyText == "hello world")
        }
    }

    @Test func acceptsContentLengthAndTransferEncodingTogetherAsChunkedThenCloses() async throws {
        try await withServer(Self.echoish) { server in
            try await RawConnection.with(port: server.port) { connection in
                // What URLSession sends for a streamed body (swiftlang/swift #68422).
                try await connection.send(
                    "POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
                        + "GET /two HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n")
                let first = try await connection.readResponse()
                #expect(first?.status == 201)
                // RFC 9112 §6.3: the server must close after such a request, so a request a proxy
                // might have framed differently (request smuggling) is never answered.
                #expect(first?.header("Connection") == "close")
                let second = try await connection.readResponse()
                #expect(second == nil)
            }
            let logged = try #require(server.engine.journal.events.first?.request)
            #expect(logged.bodyText == "hello")
            #expect(logged.headers.fields.map(\.name) == ["Host", "Content-Length", "Transfer-Encoding"])
        }
    }

    @Test func sends100ContinueBeforeReadingTheBody() async throws {
        try await withServer(Self.echoish) { server in
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send(
                    "POST /upload HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
                let interim = try #require(try await connection.readResponse())
                #expect(interim.status == 100)
                try await connection.send("data")
                let final = try #require(try await connection.readResponse())
                #expect(final.status == 201)
            }
            #expect(server.engine.journal.events.first?.request.bodyText == "data")
        }
    }

    @Test func closesAfterAnHTTP10RequestWithoutKeepAlive() async throws {
        try await withServer(Self.echoish) { server in
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /one HTTP/1.0\r\n\r\n")
                let (bytes, error) = await connection.readToEnd()
                #expect(error == nil)
                let response = try #require(RawResponse.parse(bytes)?.0)
                #expect(response.bodyText == "first")
            }
        }
    }

    @Test func answersARequestWhoseSenderHalfClosed() async throws {
        try await withServer(Self.echoish) { server in
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /two HTTP/1.1\r\nHost: a\r\n\r\n")
                connection.finishSending()
                let (bytes, _) = await connection.readToEnd()
                #expect(RawResponse.parse(bytes)?.0.status == 202)
            }
        }
    }

    /// An answer larger than the socket's buffer is still being written when the half-close
    /// arrives: the connection closes only once all of it is out, on either request path.
    @Test(arguments: [true, false])
    func aHalfClosingClientGetsAllOfALargeAnswer(fastPath: Bool) async throws {
        let body = String(repeating: "0123456789abcdef", count: 256 * 1024)  // 4 MiB
        let stub = #"{"request":{"method":"GET","url":"/big"},"response":{"body":"\#(body)"}}"#
        var configuration = quietConfiguration
        configuration.usesFastPath = fastPath
        try await withServer([stub], configuration: configuration) { server in
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /big HTTP/1.1\r\nHost: a\r\n\r\n")
                connection.finishSending()
                let (bytes, _) = await connection.readToEnd()
                #expect(RawResponse.parse(bytes)?.0.body.count == body.utf8.count)
            }
        }
    }
}
