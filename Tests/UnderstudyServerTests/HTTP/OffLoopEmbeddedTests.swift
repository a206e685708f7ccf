import Foundation
import NIOCore
import NIOEmbedded
import Testing
import UnderstudyCore

@testable import UnderstudyAdmin
@testable import UnderstudyServer

/// The paths that leave the event loop (misses, templates, big bodies, the admin API) on an
/// embedded channel: with the off-loop work run in place, each answer arrives on the loop's next
/// turn, so no socket or timing is involved.
@Suite struct OffLoopEmbeddedTests {
    static let stubs = [
        #"{"request":{"url":"/plain"},"response":{"status":200,"body":"plain"}}"#,
        #"{"request":{"urlPathPattern":"/users/.*"},"response":{"status":200,"body":"user {{request.path.[1]}}","transformers":["response-template"]}}"#,
        #"{"request":{"method":"POST","url":"/upload"},"response":{"status":201,"body":"stored"}}"#
    ]

    /// The real pipeline on an embedded channel, with room for a body past the on-loop limit.
    static func connection(fast: Bool) throws -> EmbeddedConnection {
        try EmbeddedConnection(stubs: stubs, fast: fast, maxBodyBytes: 1 << 20)
    }

    @Test(arguments: [true, false])
    func aMissIsAnsweredWithItsNearMiss(fast: Bool) throws {
        let connection = try Self.connection(fast: fast)
        let answer = connection.exchange("GET /plan HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 404"))
        #expect(answer.contains("Request was not matched"))
        #expect(answer.contains("/plain"))
        #expect(connection.engine.journal.unmatchedEvents.count == 1)
    }

    @Test(arguments: [true, false])
    func aTemplateIsRenderedOffTheLoop(fast: Bool) throws {
        let connection = try Self.connection(fast: fast)
        let answer = connection.exchange("GET /users/ada HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        #expect(answer.hasSuffix("\r\n\r\nuser ada"))
    }

    @Test func aBodyTooBigToMatchOnTheLoopIsStillAnswered() throws {
        let connection = try Self.connection(fast: false)
        let body = String(repeating: "x", count: StubConnectionHandler.matchOnLoopBodyLimit + 1)
        let answer = connection.exchange(
            "POST /upload HTTP/1.1\r\nHost: h\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        #expect(answer.hasPrefix("HTTP/1.1 201"))
        #expect(answer.hasSuffix("stored"))
    }

    @Test func theAdminAPIAnswersOnTheLoopsNextTurn() throws {
        let connection = try Self.connection(fast: true)
        let answer = connection.exchange("GET /__admin/mappings HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        #expect(answer.contains(#""total":3"#))
        // The connection stays usable: the next request is answered in order.
        #expect(connection.exchange("GET /plain HTTP/1.1\r\nHost: h\r\n\r\n").hasSuffix("plain"))
    }
}
