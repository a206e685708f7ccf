import Foundation
import Testing
import UnderstudyCore
import UnderstudyServer

/// Matched stubs are answered on the event loop, misses and admin calls off it; a long burst of
/// pipelined requests mixing both must still come back complete and in order.
@Suite struct ServerPipelineBurstTests {
    @Test func answersALongPipelinedBurstInOrder() async throws {
        let paths = (0..<300).map { i in i % 7 == 3 ? "/missing-\(i)" : (i % 2 == 0 ? "/one" : "/two") }
        try await withServer(ServerConnectionTests.echoish) { server in
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send(paths.map { "GET \($0) HTTP/1.1\r\nHost: a\r\n\r\n" }.joined())
                var statuses: [Int] = []
                for _ in paths {
                    guard let response = try await connection.readResponse() else { break }
                    statuses.append(response.status)
                }
                let expected = paths.map { $0.hasPrefix("/missing") ? 404 : ($0 == "/one" ? 200 : 202) }
                #expect(statuses == expected)
            }
            #expect(server.engine.journal.events.map(\.request.url) == paths)
        }
    }
}
