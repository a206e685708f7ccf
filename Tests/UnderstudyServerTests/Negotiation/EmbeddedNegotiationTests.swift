import Foundation
import NIOCore
import Testing
import UnderstudyCore

@testable import UnderstudyServer

/// How a connection picks its protocol and keeps order, on `EmbeddedChannel` (as SwiftNIO tests
/// its own handlers): the same pipeline as a real socket, with nothing timed. The real-socket
/// suites beside these cover the same ground with real clients. ALPN needs a TLS handshake and is
/// tested over sockets only (`ServerTLSTests`).
@Suite struct EmbeddedNegotiationTests {
    static let stubs = [
        #"{"request":{"url":"/a"},"response":{"status":200,"body":"a"}}"#,
        #"{"request":{"url":"/b"},"response":{"status":200,"body":"b"}}"#,
        #"{"request":{"urlPathPattern":"/t/.*"},"response":{"status":200,"body":"t {{request.path.[1]}}","transformers":["response-template"]}}"#
    ]
    typealias Bytes = HTTP2FrameBytes

    /// Pipelined requests are answered in the order they came, though a miss and a template are
    /// answered off the loop and the plain ones at once on it.
    @Test(arguments: [true, false])
    func pipelinedRequestsAreAnsweredInOrder(fast: Bool) throws {
        let connection = try EmbeddedConnection(stubs: Self.stubs, fast: fast)
        let requests = ["/a", "/missing", "/t/x", "/b"].map { "GET \($0) HTTP/1.1\r\nHost: h\r\n\r\n" }
        let answer = connection.exchange(requests.joined())
        let statuses = answer.components(separatedBy: "HTTP/1.1 ").dropFirst().map { String($0.prefix(3)) }
        #expect(statuses == ["200", "404", "200", "200"])
        let bodies = ["\r\n\r\na", "Request was not matched", "\r\n\r\nt x", "\r\n\r\nb"]
        let positions = bodies.compactMap { answer.range(of: $0)?.lowerBound }
        #expect(positions.count == 4)
        #expect(positions == positions.sorted())
        #expect(connection.engine.journal.events.count == 4)
    }

    /// The HTTP/2 preface on a fresh connection: HTTP/2 by prior knowledge, no HTTP/1.1 answer.
    @Test(arguments: [true, false])
    func thePrefaceChoosesHTTP2(fast: Bool) throws {
        let connection = try EmbeddedConnection(stubs: Self.stubs, fast: fast)
        let written = connection.exchange(
            Bytes.opening() + Bytes.headers(stream: 1, HPACKLiteral.request(path: "/a")))
        let frames = EmbeddedConnection.frames(in: written)
        #expect(frames.first?.kind == .settings)
        #expect(frames.contains { $0.kind == .headers && $0.stream == 1 })
        let data = frames.filter { $0.kind == .data && $0.stream == 1 }.flatMap(\.payload)
        #expect(data == Array("a".utf8))
        #expect(connection.engine.journal.events.first?.request.protocolVersion == "HTTP/2.0")
    }

    /// `Upgrade: h2c` on HTTP/1.1: a 101, then HTTP/2, with the upgrading request answered on
    /// stream 1 once the client has sent its own preface (RFC 9113 §3.4 asks for it after the 101).
    @Test func anH2CUpgradeAnswers101ThenSpeaksHTTP2() throws {
        let connection = try EmbeddedConnection(stubs: Self.stubs)
        var written = connection.exchange(
            Array(
                ("GET /b HTTP/1.1\r\nHost: h\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
                    + "HTTP2-Settings: AAMAAABkAAQAAP__\r\n\r\n").utf8))
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 101"))
        let headEnd = try #require(written.firstRange(of: Array("\r\n\r\n".utf8))).upperBound
        written += connection.exchange(Bytes.opening())
        let frames = EmbeddedConnection.frames(in: written, after: headEnd)
        #expect(frames.first?.kind == .settings)
        let data = frames.filter { $0.kind == .data && $0.stream == 1 }.flatMap(\.payload)
        #expect(data == Array("b".utf8))
    }

    /// Nothing travels in-band: a header that a client names like the scanner's old set-aside
    /// names is an ordinary header, asks for no upgrade, and is journalled as sent. A method llhttp
    /// does not know is journalled as sent too.
    @Test(arguments: [true, false])
    func aClientCannotSpeakForTheScanner(fast: Bool) throws {
        let connection = try EmbeddedConnection(stubs: Self.stubs, fast: fast)
        let answer = connection.exchange(
            "GET /b HTTP/1.1\r\nHost: h\r\nConnection: Upgrade, HTTP2-Settings\r\n"
                + "X-Understudy-Set-Aside-Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQAAP__\r\n\r\n"
                + "KILL /b HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 200"))
        let events = connection.engine.journal.events.sorted { $0.request.loggedDate < $1.request.loggedDate }
        #expect(events.count == 2)
        #expect(events.first?.request.headers.first("X-Understudy-Set-Aside-Upgrade") == "h2c")
        #expect(events.first?.request.headers.first("Upgrade") == nil)
        #expect(events.map(\.request.method).sorted() == ["GET", "KILL"])
    }

    /// `Upgrade: websocket` with a valid key: a 101 with RFC 6455's accept value for that key.
    @Test func aWebSocketUpgradeAnswers101WithTheAcceptKey() throws {
        let connection = try EmbeddedConnection(stubs: Self.stubs)
        let answer = connection.exchange(
            "GET /chat HTTP/1.1\r\nHost: h\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 101"))
        #expect(answer.lowercased().contains("sec-websocket-accept: s3pplmbitxaq9kygzzhzrbk+xoo="))
    }

    /// A stream error (RFC 9113 §5.4.2) resets that stream only: the connection goes on and
    /// answers the next stream, with no GOAWAY.
    @Test func aStreamErrorResetsOnlyThatStream() throws {
        let connection = try EmbeddedConnection(stubs: Self.stubs)
        let request = HPACKLiteral.request(path: "/a")
        let first = connection.exchange(
            Bytes.opening() + Bytes.headers(stream: 1, request, flags: Bytes.endHeaders)
                + Bytes.windowUpdate(stream: 1, increment: 0))
        let second = connection.exchange(Bytes.headers(stream: 3, request))
        let frames = EmbeddedConnection.frames(in: first + second)
        #expect(frames.resets(on: 1).first?.errorCode == .protocolError)
        #expect(frames.goAway == nil)
        #expect(frames.filter { $0.kind == .data && $0.stream == 3 }.flatMap(\.payload) == Array("a".utf8))
        #expect(connection.channel.isActive)
    }

    /// Negotiation comes first: a fresh connection holds only the negotiator, and the first bytes
    /// install one protocol's handlers and no other's.
    @Test func onlyTheChosenProtocolsHandlersAreInstalled() throws {
        let plain = try EmbeddedConnection(stubs: Self.stubs)
        #expect(plain.handlerTypes == ["CleartextNegotiator"])
        _ = plain.exchange("GET /a HTTP/1.1\r\nHost: h\r\n\r\n")
        let http1 = plain.handlerTypes
        #expect(http1.contains("StubConnectionHandler"))
        #expect(!http1.contains("CleartextNegotiator"))

        let prior = try EmbeddedConnection(stubs: Self.stubs)
        _ = prior.exchange(Bytes.opening() + Bytes.headers(stream: 1, HPACKLiteral.request(path: "/a")))
        let http2 = prior.handlerTypes
        #expect(http2.contains("NIOHTTP2Handler"))
        // The raw-bytes writer serves both: the one fault that breaks a connection writes through it.
        #expect(http1.intersection(http2) == ["RawBytesWriter"])
    }

    /// An upgrade is the one case that replaces a pipeline: afterwards nothing of HTTP/1.1 is left
    /// (the raw-bytes writer stays for HTTP/2), whatever ``HTTP1Pipeline`` comes to hold.
    @Test func anUpgradeLeavesNoHTTP1HandlerBehind() throws {
        let plain = try EmbeddedConnection(stubs: Self.stubs)
        _ = plain.exchange("GET /a HTTP/1.1\r\nHost: h\r\n\r\n")
        let http1 = plain.handlerTypes.subtracting(["RawBytesWriter"])

        let h2c = try EmbeddedConnection(stubs: Self.stubs)
        _ = h2c.exchange(
            "GET /b HTTP/1.1\r\nHost: h\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n"
                + "HTTP2-Settings: AAMAAABkAAQAAP__\r\n\r\n")
        _ = h2c.exchange(Bytes.opening())
        #expect(h2c.handlerTypes.contains("NIOHTTP2Handler"))
        #expect(h2c.handlerTypes.intersection(http1).isEmpty)

        let webSocket = try EmbeddedConnection(stubs: Self.stubs)
        _ = webSocket.exchange(
            "GET /chat HTTP/1.1\r\nHost: h\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        #expect(webSocket.handlerTypes.contains("WebSocketMessageHandler"))
        #expect(webSocket.handlerTypes.intersection(http1).isEmpty)
    }

    /// Before any protocol is chosen, the negotiator keeps the idle time-out: a client that sends
    /// nothing, or only the start of a preface, is closed when it runs out, and not before.
    @Test(arguments: ["", "PRI * HTTP/2"])
    func aSilentConnectionIsClosedAtTheIdleTimeout(sent: String) throws {
        let connection = try EmbeddedConnection(stubs: Self.stubs)
        #expect(connection.exchange(sent).isEmpty)
        let timeout = FastPathAgreementTests.configuration(fast: true).idleTimeout
        connection.wait(timeout - .milliseconds(1))
        #expect(connection.channel.isActive)
        connection.wait(.milliseconds(2))
        #expect(!connection.channel.isActive)
    }

    /// A client that half-closes before the first bytes decided is not left open: with nothing
    /// sent, the negotiator closes it at once; with the start of a preface, HTTP/1.1 gets the
    /// bytes and answers nothing to an incomplete request (its idle timer reads the real clock, so
    /// the close that follows is checked over a socket, not here).
    @Test func aHalfCloseBeforeTheDecisionCloses() throws {
        let silent = try EmbeddedConnection(stubs: Self.stubs)
        silent.channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(!silent.channel.isActive)

        let partial = try EmbeddedConnection(stubs: Self.stubs)
        #expect(partial.exchange("PRI * HTTP/2").isEmpty)
        partial.channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(partial.exchange("").isEmpty)
        #expect(partial.handlerTypes.contains("StubConnectionHandler"))
    }

    /// Offline wins over every route: a request is read, then the connection is reset, unanswered
    /// and unjournalled, whether it asked for a stub or the admin API.
    @Test(arguments: ["/a", "/__admin/mappings"])
    func offlineResetsTheConnectionUnanswered(path: String) throws {
        let connection = try EmbeddedConnection(stubs: Self.stubs, fast: true)
        connection.goOffline()
        let answer = connection.exchange("GET \(path) HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(answer.isEmpty)
        #expect(!connection.channel.isActive)
        #expect(connection.engine.journal.events.isEmpty)
    }
}
