import Testing

@testable import UnderstudyServer

/// Frames that break RFC 9113 over a real socket, by prior knowledge: each ends its connection
/// with a GOAWAY naming the error (never the idle close's NO_ERROR), and the server goes on serving.
@Suite(.timeLimit(.minutes(1))) struct HTTP2BadInputTests {
    typealias Bytes = HTTP2FrameBytes

    struct Violation: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var code: HTTP2FrameBytes.ErrorCode
        var testDescription: String { name }
    }

    static let request = HPACKLiteral.request(path: "/ok")

    /// The client's SETTINGS and its ACK of the server's: what comes after the preface when all is well.
    static let settled = Bytes.settings([]) + Bytes.frame(.settings, flags: Bytes.ack)
    static let garbage = Array("hello, is this HTTP/2?\r\n".utf8)

    /// Each case's bytes follow the preface.
    static let violations: [Violation] = [
        // Read as the header of a 6.8 MB frame.
        Violation(name: "garbage instead of SETTINGS", bytes: garbage, code: .frameSizeError),
        Violation(name: "garbage after SETTINGS", bytes: settled + garbage, code: .frameSizeError),
        Violation(name: "PING before SETTINGS", bytes: Bytes.ping(0), code: .protocolError),
        Violation(
            name: "HEADERS on stream 0", bytes: settled + Bytes.headers(stream: 0, request), code: .protocolError),
        Violation(
            name: "DATA on stream 0", bytes: settled + Bytes.frame(.data, flags: Bytes.endStream, [1, 2, 3]),
            code: .protocolError),
        Violation(name: "RST_STREAM on stream 0", bytes: settled + Bytes.rstStream(stream: 0), code: .protocolError),
        Violation(
            name: "SETTINGS on stream 1", bytes: settled + Bytes.frame(.settings, stream: 1), code: .protocolError),
        Violation(
            name: "PING on stream 1", bytes: settled + Bytes.frame(.ping, stream: 1, Array(repeating: 0, count: 8)),
            code: .protocolError),
        Violation(
            name: "HEADERS on an even stream", bytes: settled + Bytes.headers(stream: 2, request), code: .protocolError),
        Violation(
            name: "connection window past 2^31-1",
            bytes: settled + Bytes.windowUpdate(stream: 0, increment: 0x7FFF_FFFF), code: .flowControlError),
        Violation(
            name: "zero connection window update", bytes: settled + Bytes.windowUpdate(stream: 0, increment: 0),
            code: .protocolError),
        Violation(name: "CONTINUATION flood", bytes: settled + continuationFlood, code: .enhanceYourCalm),
        Violation(name: "HPACK bomb", bytes: settled + Bytes.headers(stream: 1, hpackBomb), code: .compressionError)
    ]

    /// HEADERS without END_HEADERS, then CONTINUATION after CONTINUATION, each a small complete literal.
    static let continuationFlood: [UInt8] =
        Bytes.headers(stream: 1, request, flags: Bytes.endStream)
        + (0..<50).flatMap { _ in
            Bytes.frame(.continuation, stream: 1, HPACKLiteral.literalWithIndexedName(32, value: "abc"))
        }

    /// A 1,000-byte header inserted into the dynamic table, then referenced 100 times: about a
    /// kilobyte on the wire, a hundred when decoded, far past the advertised header list size.
    static let hpackBomb: [UInt8] =
        request + HPACKLiteral.indexedLiteral(name: "x-bomb", value: String(repeating: "b", count: 1000))
        + (0..<100).flatMap { _ in HPACKLiteral.indexed(62) }

    @Test(arguments: violations)
    func aViolationEndsTheConnectionWithItsError(_ violation: Violation) async throws {
        try await HTTP2BadInput.serve { server in
            let frames = try await HTTP2BadInput.framesAfterSending(violation.bytes, to: server)
            #expect(frames.goAway?.errorCode == violation.code)
            #expect(!frames.contains { $0.kind == .headers }, "no request was answered")
        }
    }

    @Test func theServerAdvertisesItsLimits() async throws {
        try await HTTP2BadInput.serve { server in
            let settings = try await RawConnection.with(port: server.port) { connection in
                try await connection.send(bytes: Bytes.opening())
                return try await connection.readFrames { !$0.isEmpty }.first?.settings ?? []
            }
            #expect(settings.contains { $0 == (Bytes.maxConcurrentStreams, 100) })
            #expect(settings.contains { $0 == (6, UInt32(HTTP2BadInput.maxHeaderBytes)) })
        }
    }

    @Test func aBrokenPrefaceIsServedAsHTTP1AndRefused() async throws {
        try await HTTP2BadInput.serve { server in
            let answer = try await RawConnection.with(port: server.port) { connection in
                try await connection.send("PRI * HTTP/2.0\r\n\r\nXX\r\n\r\n")
                return await connection.readToEnd().bytes
            }
            // No SETTINGS frame: an HTTP/1.1 refusal, or nothing.
            let text = String(decoding: answer, as: UTF8.self)
            #expect(answer.isEmpty || text.hasPrefix("HTTP/1.1 4") || text.hasPrefix("HTTP/1.1 5"), "\(text)")
        }
    }

    /// A bad window on one stream is a stream error (RFC 9113 §6.9): NIO resets that stream with
    /// the error's code, and the connection goes on serving its other streams.
    @Test(arguments: [
        (UInt32(0x7FFF_FFFF), HTTP2FrameBytes.ErrorCode.flowControlError), (0, .protocolError)
    ])
    func aBadStreamWindowResetsItsStream(increment: UInt32, code: HTTP2FrameBytes.ErrorCode) async throws {
        try await HTTP2BadInput.serve([HTTP2BadInput.ok]) { server in
            let frames = try await RawConnection.with(port: server.port) { connection in
                // Stream 1 stays open: its request body has not ended.
                try await connection.send(
                    bytes: CleartextNegotiator.preface + Self.settled
                        + Bytes.headers(stream: 1, Self.request, flags: Bytes.endHeaders)
                        + Bytes.windowUpdate(stream: 1, increment: increment))
                let reset = try await connection.readFrames { !$0.resets(on: 1).isEmpty }
                try await connection.send(bytes: Bytes.headers(stream: 3, Self.request))
                return try await reset + connection.readFrames { $0.contains { $0.stream == 3 && $0.endsStream } }
            }
            #expect(frames.resets(on: 1).first?.errorCode == code)
            #expect(frames.allSatisfy { $0.kind != .headers || $0.stream == 3 })
            #expect(frames.contains { $0.kind == .headers && $0.stream == 3 })
            #expect(frames.goAway == nil)
        }
    }
}

/// An HTTP/2 connection that sends nothing after its SETTINGS is told to go away at the idle time-out,
/// like an HTTP/1.1 one is closed. (A connection left inside an unfinished header block is not always: see RELIABILITY.md.)
@Suite(.timeLimit(.minutes(1))) struct HTTP2IdleTests {
    typealias Bytes = HTTP2FrameBytes

    static var configuration: StubServerConfiguration {
        var configuration = HTTP2BadInput.configuration
        // Long enough that the preface reaches the server before the HTTP/1.1 idle timer (armed at
        // accept, until the preface switches the connection) closes it on a loaded CI machine:
        // 300 ms was not, with the whole suite running on 2 cores, and 2 s was not at load 10.
        configuration.idleTimeout = .seconds(5)
        configuration.shutdownGracePeriod = .milliseconds(300)  // the stop waits for the graceful close
        return configuration
    }

    @Test func aConnectionThatSendsNothingIsClosed() async throws {
        try await withServer([HTTP2BadInput.ok], configuration: Self.configuration) { server in
            let frames = try await RawConnection.with(port: server.port) { connection in
                try await connection.send(bytes: Bytes.opening())
                // NIO's idle close is graceful: GOAWAY, a PING, and the close once the client has
                // answered it (a real client does; this one does not) or the grace period is over.
                return try await connection.readFrames { $0.goAway != nil }
            }
            #expect(frames.goAway?.errorCode == .noError)
            try await HTTP2BadInput.expectStillServing(server)
        }
    }

    /// A stream whose request never ends is reset at the idle time-out by its own timer (the
    /// connection's counts only while no stream is open), and the connection goes on serving.
    @Test func aStreamWhoseRequestNeverEndsIsResetAtTheIdleTimeOut() async throws {
        try await withServer([HTTP2BadInput.ok], configuration: Self.configuration) { server in
            // Once stream 1 is reset, no stream is open and the connection's own idle time-out
            // runs: a client that sends its next request later than that rightly gets GOAWAY.
            // On a loaded 2-core machine the test's task can wait that long to run, so such a
            // run says nothing either way and is tried again on a new connection.
            for _ in 1...3 {
                let outcome = try await Self.resetThenAskAgain(port: server.port)
                if outcome.clientWasLate && !outcome.answeredStream3 { continue }
                #expect(outcome.resetCode == .cancel)
                #expect(!outcome.wentAwayBeforeTheReset)
                #expect(outcome.answeredStream3)
                return
            }
            Issue.record("the test's client was later than the idle time-out three times running")
        }
    }

    struct ResetOutcome {
        var resetCode: HTTP2FrameBytes.ErrorCode?
        var wentAwayBeforeTheReset: Bool
        var answeredStream3: Bool
        var clientWasLate: Bool
    }

    static func resetThenAskAgain(port: Int) async throws -> ResetOutcome {
        try await RawConnection.with(port: port) { connection in
            let unfinished = Bytes.headers(stream: 1, HTTP2BadInputTests.request, flags: Bytes.endHeaders)
            let opened = ContinuousClock.now
            try await connection.send(bytes: Bytes.opening() + unfinished)
            let reset = try await connection.readFrames { !$0.resets(on: 1).isEmpty || $0.goAway != nil }
            // The reset comes no sooner than one time-out after the opening, and the connection's
            // GOAWAY no sooner than one more: only a request sent near two can meet it.
            let clientWasLate = ContinuousClock.now - opened > configuration.idleTimeout * 1.8
            let answered: [RawFrame]
            do {
                try await connection.send(bytes: Bytes.headers(stream: 3, HTTP2BadInputTests.request))
                answered = try await connection.readFrames { frames in
                    frames.contains { $0.stream == 3 && $0.endsStream } || frames.goAway != nil
                }
            } catch  where clientWasLate {
                // The server may rightly have closed the connection by then.
                answered = []
            }
            return ResetOutcome(
                resetCode: reset.resets(on: 1).first?.errorCode, wentAwayBeforeTheReset: reset.goAway != nil,
                answeredStream3: answered.contains { $0.kind == .headers && $0.stream == 3 },
                clientWasLate: clientWasLate)
        }
    }
}
