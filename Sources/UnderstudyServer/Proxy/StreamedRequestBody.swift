import NIOCore

/// A client's request body as it arrives, for a forwarder to send upstream while the client is
/// still sending it (see ``ProxyRequest/streamedBody``).
///
/// The server stops reading from the client while the parts already read wait to be taken, so
/// iterating slowly slows the client down rather than filling memory. Iterate it once. The
/// sequence throws when the client's body breaks off (the client left, or the request was
/// malformed mid-body): the upstream request must then fail, never end as if complete.
public struct StreamedRequestBody: AsyncSequence, Sendable, Equatable {
    /// Each part of the body as the client sent it.
    public typealias Element = ByteBuffer
    typealias Producer = NIOThrowingAsyncSequenceProducer<
        ByteBuffer, any Error, NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark, UploadDemand
    >

    /// The body's length when the client declared one (`Content-Length`); nil for a chunked body.
    public let length: Int?
    let producer: Producer
    /// Gives the body an identity: two values are equal when they stream the same body.
    private let identity: Identity

    private final class Identity: Sendable {}

    init(length: Int?, producer: Producer) {
        self.length = length
        self.producer = producer
        self.identity = Identity()
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.identity === rhs.identity }

    /// The one iterator of this body; it can be read once.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(parts: producer.makeAsyncIterator())
    }

    /// Reads the body's parts in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var parts: Producer.AsyncIterator

        /// The next part, nil at the end; throws when the client broke off.
        public mutating func next() async throws -> ByteBuffer? {
            try await parts.next()
        }
    }
}

/// Resumes reading from the client connection when the forwarder wants more of the body, or
/// has stopped wanting it (what is left is then read and dropped).
struct UploadDemand: NIOAsyncSequenceProducerDelegate {
    let channel: any Channel

    func produceMore() {
        channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
    }

    func didTerminate() {
        channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
    }
}
