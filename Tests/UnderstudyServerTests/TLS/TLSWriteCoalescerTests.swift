import NIOCore
import NIOEmbedded
import Synchronization
import Testing

@testable import UnderstudyServer

/// What reaches the TLS handler once the coalescer is in front of it: one buffer per flush (up
/// to a record's size), in the order written, with every promise kept.
@Suite struct TLSWriteCoalescerTests {
    func channel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(TLSWriteCoalescer())
        return channel
    }

    func written(_ channel: EmbeddedChannel) throws -> [[UInt8]] {
        var buffers: [[UInt8]] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
            buffers.append(Array(buffer.readableBytesView))
        }
        return buffers
    }

    @Test func smallWritesBetweenFlushesGoOutAsOne() throws {
        let channel = try channel()
        let promises = (0..<3).map { _ in channel.eventLoop.makePromise(of: Void.self) }
        for (index, text) in ["frame one|", "two|", "three"].enumerated() {
            channel.write(ByteBuffer(string: text), promise: promises[index])
        }
        #expect(try written(channel).isEmpty)  // nothing before the flush
        channel.flush()
        #expect(try written(channel) == [Array("frame one|two|three".utf8)])
        for promise in promises { #expect(throws: Never.self) { try promise.futureResult.wait() } }
        #expect(try channel.finish().isClean)
    }

    @Test func aRecordSizedWritePassesThroughInOrder() throws {
        let channel = try channel()
        let big = ByteBuffer(repeating: 7, count: TLSWriteCoalescer.recordSize)
        channel.write(ByteBuffer(string: "a"), promise: nil)
        channel.write(ByteBuffer(string: "b"), promise: nil)
        channel.write(big, promise: nil)
        channel.write(ByteBuffer(string: "c"), promise: nil)
        channel.flush()
        #expect(try written(channel) == [Array("ab".utf8), Array(big.readableBytesView), Array("c".utf8)])
        #expect(try channel.finish().isClean)
    }

    @Test func noBufferGrowsPastOneRecord() throws {
        let channel = try channel()
        let piece = ByteBuffer(repeating: 1, count: 6_000)
        for _ in 0..<5 { channel.write(piece, promise: nil) }
        channel.flush()
        let sizes = try written(channel).map(\.count)
        #expect(sizes == [12_000, 12_000, 6_000])
        #expect(sizes.allSatisfy { $0 <= TLSWriteCoalescer.recordSize })
        #expect(try channel.finish().isClean)
    }

    @Test func aCloseMeetsUnflushedWritesAsWithoutTheCoalescer() throws {
        /// Writes "x" and "y" (the second with a promise), closes, and says what became of them.
        func closeWithUnflushedWrites(_ channel: EmbeddedChannel) throws -> (outcome: String, written: [[UInt8]]) {
            let promise = channel.eventLoop.makePromise(of: Void.self)
            let outcome = Outcome()
            promise.futureResult.whenComplete { result in
                outcome.text.withLock { $0 = (try? result.get()) == nil ? "failed" : "succeeded" }
            }
            channel.write(ByteBuffer(string: "x"), promise: nil)
            channel.write(ByteBuffer(string: "y"), promise: promise)
            _ = channel.close()
            channel.embeddedEventLoop.run()
            return (outcome.text.withLock { $0 }, try written(channel))
        }
        let plain = try closeWithUnflushedWrites(EmbeddedChannel())
        let coalesced = try closeWithUnflushedWrites(try channel())
        #expect(coalesced.outcome == plain.outcome)
        #expect(coalesced.written.joined().elementsEqual(plain.written.joined()))
    }
}

/// What became of a write's promise: pending, succeeded or failed.
private final class Outcome: Sendable {
    let text = Mutex("pending")
}
