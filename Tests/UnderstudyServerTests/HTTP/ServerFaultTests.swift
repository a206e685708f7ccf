import Foundation
import NIOCore
import Testing
import UnderstudyCore
import UnderstudyServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct ServerFaultTests {
    static func stub(_ fault: Fault) -> String {
        #"{"request":{"url":"/fault"},"response":{"fault":"\#(fault.rawValue)"}}"#
    }

    static let garbage = Array("lskdu018973t09sylgasjkfg1][]'./.sdlv".utf8)

    @Test func connectionResetByPeerResetsTheSocket() async throws {
        try await withServer([Self.stub(.connectionResetByPeer)]) { server in
            let (bytes, error) = try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /fault HTTP/1.1\r\nHost: a\r\n\r\n")
                return await connection.readToEnd()
            }
            #expect(bytes.isEmpty)
            let ioError = try #require(error as? IOError)
            #expect(ioError.errnoCode == ECONNRESET)
            #expect(server.engine.journal.events.first?.response?.fault == .connectionResetByPeer)
        }
    }

    @Test func emptyResponseClosesWithoutAByte() async throws {
        try await withServer([Self.stub(.emptyResponse)]) { server in
            let (bytes, error) = try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /fault HTTP/1.1\r\nHost: a\r\n\r\n")
                return await connection.readToEnd()
            }
            #expect(error == nil)
            #expect(bytes.isEmpty)
        }
    }

    @Test func malformedResponseChunkSendsAHeadThenGarbage() async throws {
        try await withServer([Self.stub(.malformedResponseChunk)]) { server in
            let (bytes, error) = try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /fault HTTP/1.1\r\nHost: a\r\n\r\n")
                return await connection.readToEnd()
            }
            #expect(error == nil)
            let headEnd = try #require(RawResponse.find([13, 10, 13, 10], in: bytes, from: 0))
            let head = String(decoding: bytes[..<headEnd], as: UTF8.self).lowercased()
            #expect(head.hasPrefix("http/1.1 200 ok\r\n"))
            #expect(head.contains("transfer-encoding: chunked"))
            #expect(Array(bytes[(headEnd + 4)...]) == Self.garbage)
        }
    }

    @Test func randomDataThenCloseSendsWireMocksGarbageInsteadOfAStatusLine() async throws {
        try await withServer([Self.stub(.randomDataThenClose)]) { server in
            let (bytes, error) = try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /fault HTTP/1.1\r\nHost: a\r\n\r\n")
                return await connection.readToEnd()
            }
            #expect(error == nil)
            #expect(bytes == Self.garbage)
        }
    }

    /// What URLSession on this platform reports for each fault; the in-process transport mirrors these.
    @Test(arguments: Fault.allCases)
    func urlSessionSeesEachFaultAsAnError(_ fault: Fault) async throws {
        try await withServer([Self.stub(fault)]) { server in
            let error = await #expect(throws: URLError.self) {
                _ = try await freshSession().data(from: server.url("/fault"))
            }
            let code = try #require(error?.code)
            #expect(
                Self.urlErrorCodes[fault]?.contains(code) == true,
                "unexpected URLError \(code.rawValue) for \(fault.rawValue)")
        }
    }

    /// Observed on Linux (swift-corelibs-foundation over libcurl) against this server. libcurl
    /// refuses the garbage status line as HTTP/0.9 ("unsupported protocol", hence -1002) and has no
    /// mapping for a bad chunk (CURLE_RECV_ERROR), hence -1.
    static let urlErrorCodes: [Fault: Set<URLError.Code>] = [
        .connectionResetByPeer: [.networkConnectionLost],  // -1005
        .emptyResponse: [.badServerResponse],  // -1011
        .malformedResponseChunk: [.unknown],  // -1
        .randomDataThenClose: [.unsupportedURL]  // -1002
    ]
}
