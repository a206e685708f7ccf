// libFuzzer target: request bytes through the server's framing. The first byte picks where the
// rest is split into two reads. Three checks per input:
// the framing scanner gives the same output however the bytes are split into reads; whatever the
// fast path's parser (PlainRequestParser) accepts, NIO's decoder accepts too and reads the same
// method, target, headers and body, and the parser waits (never refuses) on every shorter cut;
// and the server's whole decoding pipeline (the plain-request fast path, the scanner, NIO's decoder,
// pipelining, 400/431 answers) takes the bytes without crashing, with the fast path answering a
// stub that matches every request. Built only by Scripts/fuzz.sh; otherwise an empty program.
#if FUZZING
    import Foundation
    import FuzzSupport
    import NIOCore
    import NIOEmbedded
    import NIOHTTP1
    import UnderstudyCore
    @testable import UnderstudyServer

    runFuzzer { data, size in LLVMFuzzerTestOneInput(data, size) }

    /// libFuzzer's name for the function it calls with each input.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The C symbol libFuzzer looks for.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        fuzzHTTPRequest(UnsafeBufferPointer(start: data, count: size))
    }

    func fuzzHTTPRequest(_ input: UnsafeBufferPointer<UInt8>) -> CInt {
        // The first byte says where to split the rest into two reads.
        guard let selector = input.first else { return 0 }
        let bytes = Array(input.dropFirst())
        let split = Int(selector) * bytes.count / 256
        let whole = scan([bytes])
        let pieces = scan([Array(bytes[..<split]), Array(bytes[split...])])
        if whole != pieces {
            fuzzFailure("scanner output depends on the split at \(split)")
        }
        checkPlainParser(bytes, split: split)
        let answered = drivePipeline(bytes, split: split)
        // A request the plain parser reads is the fast path's to answer: the stub's 200 comes first.
        let isPlain = bytes.withUnsafeBytes {
            if case .request = PlainRequestParser.parse($0, maxHeadBytes: 1024, maxBodyBytes: 512) { return true }
            return false
        }
        if isPlain, !answered.starts(with: Array("HTTP/1.1 200 OK\r\n".utf8)) {
            fuzzFailure("a plain request was not answered by the fast path's stub")
        }
        return 0
    }

    /// The fast path's parser against NIO's decoder, on the first request in `bytes`.
    func checkPlainParser(_ bytes: [UInt8], split: Int) {
        func parse(_ part: ArraySlice<UInt8>) -> PlainRequestParser.Outcome {
            part.withUnsafeBytes { PlainRequestParser.parse($0, maxHeadBytes: 1024, maxBodyBytes: 512) }
        }
        guard case .request(let plain) = parse(bytes[...]) else { return }
        switch parse(bytes[..<split]) {
        case .notPlain:
            fuzzFailure("a cut at \(split) of a plain request was refused")
        case .incomplete where split >= plain.length:
            fuzzFailure("a cut at \(split) holding the whole request was still incomplete")
        case .request(let early) where early.length != plain.length:
            fuzzFailure("a cut at \(split) read a request of another length")
        default:
            break
        }
        let decoded = decodeWithNIO(Array(bytes[..<plain.length]))
        guard let head = decoded.head else {
            fuzzFailure("NIO's decoder did not read the request the plain parser read")
        }
        let nioHeaders = head.headers.map { "\($0.name): \($0.value)" }
        let plainHeaders = plain.headers.fields.map { "\($0.name): \($0.value)" }
        if head.method.rawValue != plain.method || head.uri != plain.target || head.version != .http1_1
            || nioHeaders != plainHeaders
        {
            fuzzFailure(
                "NIO read \(head.method) \(head.uri) \(nioHeaders), the plain parser \(plain.method) \(plain.target) \(plainHeaders)"
            )
        }
        if decoded.body != Array(bytes[plain.bodyStart..<plain.length]) || !decoded.ended {
            fuzzFailure("NIO read another body, or no end of the request")
        }
    }

    /// What NIO's decoder reads from `bytes`: the first head, its body, and whether it ended.
    func decodeWithNIO(_ bytes: [UInt8]) -> (head: HTTPRequestHead?, body: [UInt8], ended: Bool) {
        let channel = EmbeddedChannel()
        var head: HTTPRequestHead?
        var body: [UInt8] = []
        var ended = false
        do {
            try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(HTTPRequestDecoder()))
            try channel.writeInbound(ByteBuffer(bytes: bytes))
            while let part = try channel.readInbound(as: HTTPServerRequestPart.self), !ended {
                switch part {
                case .head(let read): head = read
                case .body(let chunk): body += chunk.readableBytesView
                case .end: ended = true
                }
            }
        } catch {
            head = nil
        }
        _ = try? channel.finish(acceptAlreadyClosed: true)
        return (head, body, ended)
    }

    /// The scanner's output for the given reads, flushed at the end as a close would.
    func scan(_ reads: [[UInt8]]) -> [UInt8] {
        RequestFramingScanner.output(of: reads, maxHeadBytes: 1024)
    }

    /// Built once: only the channel and its handlers must be new for each input. A static, not a
    /// top-level `let`: `runFuzzer` never returns, so top-level code after it never runs.
    enum FuzzSettings {
        static let configuration: StubServerConfiguration = {
            var configuration = StubServerConfiguration()
            configuration.maxHeaderBytes = 1024
            return configuration
        }()

        /// One plain stub for every request, so the fast path answers whatever it can parse; the rest
        /// reaches ``AnswerEveryRequest`` through NIO's handlers, as it would reach the stub handler.
        static let environment: ConnectionEnvironment = {
            let engine = StubEngine()
            do {
                try engine.store.add(
                    StubMapping(jsonText: #"{"request":{"method":"ANY"},"response":{"status":200,"body":"ok"}}"#))
            } catch {
                fuzzFailure("the fuzz target's stub does not decode: \(error)")
            }
            // In place: an embedded channel has no other thread to come back from.
            return ConnectionEnvironment(
                engine: engine, admin: nil, configuration: configuration, requestShutdown: {}, offLoop: InPlaceOffLoop()
            )
        }()
    }

    /// The server's decoding pipeline on an embedded channel, fast path first, with a handler that
    /// answers every complete request the fast path hands on, so pipelined ones keep coming.
    /// Returns what the pipeline wrote back.
    func drivePipeline(_ bytes: [UInt8], split: Int) -> [UInt8] {
        let channel = EmbeddedChannel()
        var written: [UInt8] = []
        do {
            let fastPath = PlainRequestFastPath(environment: FuzzSettings.environment, activity: ConnectionActivity())
            try HTTP1Pipeline.configureFraming(
                channel, configuration: FuzzSettings.configuration, fastPath: fastPath)
            try channel.pipeline.syncOperations.addHandler(AnswerEveryRequest())
            for piece in [bytes[..<split], bytes[split...]] where !piece.isEmpty {
                try channel.writeInbound(ByteBuffer(bytes: piece))
            }
        } catch {
            // Parse errors surface here after the pipeline has answered them: expected for bad input.
        }
        while let buffer = try? channel.readOutbound(as: ByteBuffer.self) { written += buffer.readableBytesView }
        _ = try? channel.finish(acceptAlreadyClosed: true)
        return written
    }

    /// Answers `204` at the end of every request, and closes on errors, as the stub handler does.
    final class AnswerEveryRequest: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .end = unwrapInboundIn(data) else { return }
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .noContent))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }

        func errorCaught(context: ChannelHandlerContext, error: Error) {
            context.close(promise: nil)
        }
    }
#endif
