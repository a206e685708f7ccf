import Foundation
import Testing
import UnderstudyCore
import UnderstudyServer

@Suite struct ServerDelayTests {
    // 6 s, not 1.5: on a loaded 2-core CI machine running the whole suite at once, the fast
    // request once took longer than 1.5 s to be answered, and the order came out reversed.
    static let stubs = [
        #"{"request":{"url":"/slow"},"response":{"status":200,"body":"slow","fixedDelayMilliseconds":6000}}"#,
        #"{"request":{"url":"/fast"},"response":{"status":200,"body":"fast"}}"#,
        #"{"request":{"url":"/dribble"},"response":{"status":200,"body":"abcdefghijkl","chunkedDribbleDelay":{"numberOfChunks":4,"totalDuration":200}}}"#
    ]

    @Test func aDelayedAnswerDoesNotHoldUpOtherConnections() async throws {
        try await withServer(Self.stubs) { server in
            let order = FinishOrder()
            let port = server.port
            let slow = Task {
                try await RawConnection.with(port: port) { connection in
                    try await connection.send("GET /slow HTTP/1.1\r\nHost: a\r\n\r\n")
                    let response = try await connection.readResponse()
                    order.record("slow")
                    return response?.bodyText
                }
            }
            // The journal has the slow request before its delay starts.
            await server.engine.journal.waitForRequest(url: "/slow")
            let fast = try await RawConnection.with(port: port) { connection in
                try await connection.send("GET /fast HTTP/1.1\r\nHost: a\r\n\r\n")
                return try await connection.readResponse()?.bodyText
            }
            order.record("fast")
            #expect(fast == "fast")
            #expect(try await slow.value == "slow")
            #expect(order.all == ["fast", "slow"])
            #expect(server.engine.journal.events.first { $0.request.url == "/slow" }?.timing?.addedDelay == 6000)
        }
    }

    @Test func dribblesTheBodyInSeveralReads() async throws {
        try await withServer(Self.stubs) { server in
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /dribble HTTP/1.1\r\nHost: a\r\n\r\n")
                let response = try #require(try await connection.readResponse())
                #expect(response.bodyText == "abcdefghijkl")
                #expect(response.wasChunked)
                // Each piece is its own chunk on the wire, whatever reads the client's socket made of
                // them: counting reads failed when a loaded machine read two pieces at once.
                #expect(response.chunkCount == 4)
                // The connection is still good afterwards.
                try await connection.send("GET /fast HTTP/1.1\r\nHost: a\r\n\r\n")
                #expect(try await connection.readResponse()?.bodyText == "fast")
            }
        }
    }
}
