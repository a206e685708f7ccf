// libFuzzer target: HTTP/2 frames through the server's connection pipeline. Each input is the
// bytes a client sends after the connection preface; the first byte picks where to split preface
// and rest into two reads. The pipeline is the one a plain connection gets
// (`ConnectionPipeline.configure`), so the cleartext negotiator installs HTTP/2, and a stub that
// matches every request answers each stream. Checks: no crash, no hang (libFuzzer's -timeout), the
// server's first frame is its SETTINGS with MAX_CONCURRENT_STREAMS 100, and the connection's idle
// close runs cleanly after the input. Built only by Scripts/fuzz.sh; otherwise an empty program.
#if FUZZING
    import FuzzSupport
    import NIOCore
    import NIOEmbedded
    import UnderstudyCore
    @testable import UnderstudyServer

    runFuzzer { data, size in LLVMFuzzerTestOneInput(data, size) }

    /// libFuzzer's name for the function it calls with each input.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The C symbol libFuzzer looks for.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func LLVMFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        fuzzHTTP2Frames(UnsafeBufferPointer(start: data, count: size))
    }

    func fuzzHTTP2Frames(_ input: UnsafeBufferPointer<UInt8>) -> CInt {
        guard let selector = input.first else { return 0 }
        let bytes = CleartextNegotiator.preface + input.dropFirst()
        let split = Int(selector) * bytes.count / 256
        let written = drivePipeline(bytes, split: split)
        // 9-byte frame header: length, type 4 (SETTINGS), flags, stream 0; then 6-byte parameters.
        guard written.count >= 9, written[3] == 4, written[5..<9].allSatisfy({ $0 == 0 }) else {
            fuzzFailure("the server's first frame is not its SETTINGS")
        }
        let length = Int(written[0]) << 16 | Int(written[1]) << 8 | Int(written[2])
        let parameters = written.dropFirst(9).prefix(length)
        let advertisesStreams = stride(from: parameters.startIndex, to: parameters.endIndex - 5, by: 6).contains {
            parameters[$0] == 0 && parameters[$0 + 1] == 3 && parameters[$0 + 2..<$0 + 6].elementsEqual([0, 0, 0, 100])
        }
        if !advertisesStreams { fuzzFailure("the server's SETTINGS do not advertise 100 concurrent streams") }
        return 0
    }

    enum FuzzSettings {
        /// Small limits, so the fuzzer reaches them with short inputs.
        static let configuration: StubServerConfiguration = {
            var configuration = StubServerConfiguration()
            configuration.maxHeaderBytes = 1024
            configuration.maxBodyBytes = 1024
            configuration.logger.logLevel = .critical  // a log line per request would drown libFuzzer's
            return configuration
        }()

        /// A stub for every request; in place, as an embedded channel has no other thread.
        static let environment: ConnectionEnvironment = {
            let engine = StubEngine()
            do {
                try engine.store.add(
                    StubMapping(jsonText: #"{"request":{"method":"ANY"},"response":{"status":200,"body":"ok"}}"#))
            } catch {
                fuzzFailure("the fuzz target's stub does not decode: \(error)")
            }
            return ConnectionEnvironment(
                engine: engine, admin: nil, configuration: configuration, requestShutdown: {}, offLoop: InPlaceOffLoop()
            )
        }()
    }

    /// A plain connection's pipeline on an embedded channel, fed `bytes` in two reads, then left
    /// idle past the time-out. Returns what the server wrote.
    func drivePipeline(_ bytes: [UInt8], split: Int) -> [UInt8] {
        let channel = EmbeddedChannel()
        var written: [UInt8] = []
        func collect() {
            while let buffer = try? channel.readOutbound(as: ByteBuffer.self) { written += buffer.readableBytesView }
        }
        do {
            try ConnectionPipeline.configure(channel, environment: FuzzSettings.environment)
            try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
            for piece in [bytes[..<split], bytes[split...]] where !piece.isEmpty {
                try channel.writeInbound(ByteBuffer(bytes: piece))
                // The switch to HTTP/2 completes on a later turn of the loop.
                channel.embeddedEventLoop.run()
                collect()
            }
        } catch {
            // Protocol errors surface here after the server has sent its GOAWAY: expected.
        }
        // The idle close (GOAWAY, then close) must run cleanly too.
        channel.embeddedEventLoop.advanceTime(by: .seconds(120))
        collect()
        _ = try? channel.finish(acceptAlreadyClosed: true)
        collect()
        return written
    }
#endif
