// libFuzzer target: request bytes through the server's framing. The first byte picks where the
// rest is split into two reads. Two checks per input:
// the framing scanner gives the same output however the bytes are split into reads, and the
// server's whole decoding pipeline (scanner, NIO's decoder, pipelining, 400/431 answers) takes
// them without crashing. Built only by Scripts/fuzz.sh; otherwise an empty program.
#if FUZZING
import Foundation
import FuzzSupport
import NIOCore
import NIOEmbedded
import NIOHTTP1
@testable import UnderstudyServer

runFuzzer { data, size in LLVMFuzzerTestOneInput(data, size) }

/// libFuzzer's name for the function it calls with each input.
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
    drivePipeline(bytes, split: split)
    return 0
}

/// The scanner's output for the given reads, flushed at the end as a close would.
func scan(_ reads: [[UInt8]]) -> [UInt8] {
    RequestFramingScanner.output(of: reads, maxHeadBytes: 1024)
}

/// Built once: only the channel and its handlers must be new for each input.
let fuzzConfiguration: StubServerConfiguration = {
    var configuration = StubServerConfiguration()
    configuration.maxHeaderBytes = 1024
    return configuration
}()

/// The server's decoding pipeline on an embedded channel, with a handler that answers every
/// complete request so pipelined ones keep coming.
func drivePipeline(_ bytes: [UInt8], split: Int) {
    let channel = EmbeddedChannel()
    do {
        try ConnectionPipeline.configureFraming(channel, configuration: fuzzConfiguration)
        try channel.pipeline.syncOperations.addHandler(AnswerEveryRequest())
        for piece in [bytes[..<split], bytes[split...]] where !piece.isEmpty {
            try channel.writeInbound(ByteBuffer(bytes: piece))
        }
    } catch {
        // Parse errors surface here after the pipeline has answered them: expected for bad input.
    }
    _ = try? channel.finish(acceptAlreadyClosed: true)
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
