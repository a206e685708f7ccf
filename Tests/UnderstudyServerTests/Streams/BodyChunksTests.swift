import Foundation
import Testing
import UnderstudyCore

@testable import UnderstudyServer

/// `bodyChunks` over real sockets: each chunk its own piece of a chunked body, in order.
@Suite(.timeLimit(.minutes(1))) struct BodyChunksTests {
    static let ndjson = stub(
        "/ndjson",
        #"{"headers":{"Content-Type":"application/x-ndjson"},"bodyChunks":[{"text":"{\"n\":1}\n"},{"base64":"AAEC","delayMilliseconds":20},{"text":"{\"n\":2}\n","delayMilliseconds":20}]}"#
    )

    @Test func chunksGoOutPieceByPieceInOrder() async throws {
        try await withServer([Self.ndjson]) { server in
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /ndjson HTTP/1.1\r\nHost: a\r\n\r\n")
                let response = try #require(try await connection.readResponse())
                #expect(response.header("Content-Type") == "application/x-ndjson")
                #expect(response.header("Cache-Control") == nil)
                #expect(response.wasChunked)
                #expect(response.chunkCount == 3)
                #expect(response.body == Array(#"{"n":1}"#.utf8) + [10, 0, 1, 2] + Array(#"{"n":2}"#.utf8) + [10])
            }
            #expect(await server.engine.journal.completedEvent(url: "/ndjson")?.response?.status == 200)
        }
    }

    @Test func aChunkIsSentBeforeTheNextIsDue() async throws {
        let poll = stub(
            "/poll", #"{"bodyChunks":[{"text":"waiting\n"},{"text":"done\n","delayMilliseconds":600000}]}"#)
        try await withServer([poll]) { server in
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /poll HTTP/1.1\r\nHost: a\r\n\r\n")
                #expect(try await connection.readUntil("waiting\n"))
                #expect(!connection.pendingText.contains("done"))
            }
        }
    }
}
