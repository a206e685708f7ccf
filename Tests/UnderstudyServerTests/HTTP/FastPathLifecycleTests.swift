import NIOCore
import NIOEmbedded
import Testing
import UnderstudyCore

@testable import UnderstudyServer

/// The fast path across reads and connection events, on an embedded channel so that each read
/// and event arrives exactly where the test puts it.
@Suite struct FastPathLifecycleTests {
    /// A connection's whole pipeline, as the server builds it, on an embedded channel.
    final class Connection {
        let channel = EmbeddedChannel()
        let environment: ConnectionEnvironment

        init(fast: Bool) throws {
            let engine = StubEngine()
            for stub in FastPathAgreementTests.stubs { try engine.store.add(StubMapping(jsonText: stub)) }
            environment = ConnectionEnvironment(
                engine: engine, admin: nil, configuration: FastPathAgreementTests.configuration(fast: fast),
                requestShutdown: {})
            try ConnectionPipeline.configure(channel, environment: environment)
            _ = channel.connect(to: try SocketAddress(ipAddress: "127.0.0.1", port: 40_000))
            channel.embeddedEventLoop.run()
        }

        func receive(_ text: String) {
            // The pipeline may close the channel; what it wrote before is what the test reads.
            _ = try? channel.writeInbound(ByteBuffer(string: text))
            channel.embeddedEventLoop.run()
        }

        func stopGracefully() {
            channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
            channel.embeddedEventLoop.run()
        }

        /// Everything written to the socket so far.
        func written() -> String {
            var text = ""
            while let buffer = try? channel.readOutbound(as: ByteBuffer.self) { text += String(buffer: buffer) }
            return text
        }

        var fastAnswers: Int { environment.fastPathAnswers.load(ordering: .relaxed) }
    }

    @Test func aRequestInTwoReadsIsAnsweredByTheFastPath() throws {
        let connection = try Connection(fast: true)
        connection.receive("POST /echo HTTP/1.1\r\nContent-Length: 8\r\n\r\n")
        #expect(connection.written().isEmpty)
        connection.receive("{\"x\": 1}")
        #expect(connection.written().hasPrefix("HTTP/1.1 201 Created\r\n"))
        #expect(connection.fastAnswers == 1)
    }

    /// Each partial read re-parses the request from its start: past a few, the general path's
    /// incremental parser takes over, so a trickling client costs linear time.
    @Test func aRequestTrickledByteByByteGoesToTheGeneralPath() throws {
        let connection = try Connection(fast: true)
        for character in "GET /hello HTTP/1.1\r\nHost: h\r\n\r\n" { connection.receive(String(character)) }
        #expect(connection.written().hasSuffix("\r\n\r\nHello, world!"))
        #expect(connection.fastAnswers == 0)
        #expect(connection.environment.engine.journal.events.count == 1)
    }

    /// When a flush fails, NIO reads what is left in the socket before closing, from inside the
    /// flush. This handler at the socket end does the same on the first flush.
    final class ReadsDuringTheFirstFlush: ChannelOutboundHandler {
        typealias OutboundIn = ByteBuffer
        private var pending: ByteBuffer?

        init(_ text: String) { pending = ByteBuffer(string: text) }

        func flush(context: ChannelHandlerContext) {
            guard let bytes = pending else { return context.flush() }
            pending = nil
            context.fireChannelRead(NIOAny(bytes))
            context.close(promise: nil)
        }
    }

    /// Requests read during a failing flush are journalled after the ones read before it; the
    /// dying connection may leave the later ones out, but never skips one and keeps a later one.
    @Test(arguments: [true, false])
    func aReadDuringAFlushKeepsRequestOrder(fast: Bool) throws {
        let connection = try Connection(fast: fast)
        try connection.channel.pipeline.syncOperations.addHandler(
            ReadsDuringTheFirstFlush("\r\n\r\nGET /hello HTTP/1.1\r\n\r\n"), position: .first)
        connection.receive("GET /step HTTP/1.1\r\n\r\nGET /step HTTP/1.1\r\nHost: h")
        let journalled = connection.environment.engine.journal.events.map(\.request.url)
        #expect(!journalled.isEmpty)
        #expect(journalled == Array(["/step", "/step", "/hello"].prefix(journalled.count)))
    }

    /// Answers to pipelined requests all go out before a half-close closes the connection.
    @Test(arguments: [true, false])
    func aHalfCloseAfterPipelinedRequestsClosesOnceTheyAreAnswered(fast: Bool) throws {
        let connection = try Connection(fast: fast)
        connection.receive(String(repeating: "GET /hello HTTP/1.1\r\n\r\n", count: 3))
        connection.channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        connection.channel.embeddedEventLoop.run()
        #expect(connection.written().components(separatedBy: "Hello, world!").count == 4)
        #expect(!connection.channel.isActive)
    }

    /// Holds writes at the socket end, as a full socket buffer does for a slow reader, until released.
    final class HoldsWrites: ChannelOutboundHandler {
        typealias OutboundIn = ByteBuffer
        private var held: [(NIOAny, EventLoopPromise<Void>?)] = []
        private var context: ChannelHandlerContext?

        func handlerAdded(context: ChannelHandlerContext) { self.context = context }

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            held.append((data, promise))
        }

        func flush(context: ChannelHandlerContext) {}

        func release() {
            guard let context else { return }
            for (data, promise) in held { context.write(data, promise: promise) }
            held = []
            context.flush()
        }
    }

    /// A graceful stop between requests closes once the answers already written are out, not
    /// at once (which would fail an answer still queued for a slow reader).
    @Test func aStopBetweenRequestsClosesOnceTheAnswerIsOut() throws {
        let connection = try Connection(fast: true)
        let socket = HoldsWrites()
        try connection.channel.pipeline.syncOperations.addHandler(socket, position: .first)
        connection.receive("GET /hello HTTP/1.1\r\n\r\n")
        connection.stopGracefully()
        #expect(connection.channel.isActive)
        connection.receive("GET /hello HTTP/1.1\r\n\r\n")
        socket.release()
        connection.channel.embeddedEventLoop.run()
        #expect(connection.written().components(separatedBy: "Hello, world!").count == 2)
        #expect(!connection.channel.isActive)
        #expect(connection.fastAnswers == 1)
    }

    /// A graceful stop lets a request already under way finish, even while the fast path holds
    /// the part of it that has arrived.
    @Test(arguments: [true, false])
    func aStopWaitsForARequestWhoseBodyIsArriving(fast: Bool) throws {
        let connection = try Connection(fast: fast)
        connection.receive("POST /echo HTTP/1.1\r\nContent-Length: 8\r\n\r\n{\"x\"")
        connection.stopGracefully()
        #expect(connection.channel.isActive)
        connection.receive(": 1}")
        #expect(connection.written().hasPrefix("HTTP/1.1 201 Created\r\n"))
        #expect(!connection.channel.isActive)
    }

    /// A stop with half a head on the connection closes it without an answer, and without NIO's
    /// error handler writing into the closed pipeline (which trips an assertion in debug builds).
    @Test(arguments: [true, false])
    func aStopWithHalfAHeadClosesQuietly(fast: Bool) throws {
        let connection = try Connection(fast: fast)
        connection.receive("GET /hello HTTP/1.1\r\nHo")
        connection.stopGracefully()
        #expect(!connection.channel.isActive)
        #expect(connection.written().isEmpty)
        #expect(connection.environment.engine.journal.events.isEmpty)
    }
}
