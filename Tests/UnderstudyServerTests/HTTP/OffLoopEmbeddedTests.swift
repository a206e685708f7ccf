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

    final class Connection {
        let channel = EmbeddedChannel()
        let engine = StubEngine()

        init(fast: Bool) throws {
            for stub in OffLoopEmbeddedTests.stubs { try engine.store.add(StubMapping(jsonText: stub)) }
            var configuration = FastPathAgreementTests.configuration(fast: fast)
            configuration.maxBodyBytes = 1 << 20
            let environment = ConnectionEnvironment(
                engine: engine, admin: WireMockAdminAPI(engine: engine), configuration: configuration,
                requestShutdown: {},
                offLoop: InPlaceOffLoop())
            try ConnectionPipeline.configure(channel, environment: environment)
            _ = channel.connect(to: try SocketAddress(ipAddress: "127.0.0.1", port: 40_000))
            channel.embeddedEventLoop.run()
        }

        /// Sends `text` and returns everything the connection wrote once the loop has run.
        func exchange(_ text: String) -> String {
            _ = try? channel.writeInbound(ByteBuffer(string: text))
            channel.embeddedEventLoop.run()
            var written = ""
            while let buffer = try? channel.readOutbound(as: ByteBuffer.self) { written += String(buffer: buffer) }
            return written
        }
    }

    @Test(arguments: [true, false])
    func aMissIsAnsweredWithItsNearMiss(fast: Bool) throws {
        let connection = try Connection(fast: fast)
        let answer = connection.exchange("GET /plan HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 404"))
        #expect(answer.contains("Request was not matched"))
        #expect(answer.contains("/plain"))
        #expect(connection.engine.journal.unmatchedEvents.count == 1)
    }

    @Test(arguments: [true, false])
    func aTemplateIsRenderedOffTheLoop(fast: Bool) throws {
        let connection = try Connection(fast: fast)
        let answer = connection.exchange("GET /users/ada HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        #expect(answer.hasSuffix("\r\n\r\nuser ada"))
    }

    @Test func aBodyTooBigToMatchOnTheLoopIsStillAnswered() throws {
        let connection = try Connection(fast: false)
        let body = String(repeating: "x", count: StubConnectionHandler.matchOnLoopBodyLimit + 1)
        let answer = connection.exchange(
            "POST /upload HTTP/1.1\r\nHost: h\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        #expect(answer.hasPrefix("HTTP/1.1 201"))
        #expect(answer.hasSuffix("stored"))
    }

    @Test func theAdminAPIAnswersOnTheLoopsNextTurn() throws {
        let connection = try Connection(fast: true)
        let answer = connection.exchange("GET /__admin/mappings HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        #expect(answer.contains(#""total":3"#))
        // The connection stays usable: the next request is answered in order.
        #expect(connection.exchange("GET /plain HTTP/1.1\r\nHost: h\r\n\r\n").hasSuffix("plain"))
    }
}
