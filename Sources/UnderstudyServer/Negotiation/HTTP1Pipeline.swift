import NIOCore
import NIOHTTP1

/// The handlers of an HTTP/1.1 connection, socket end first: the raw-bytes writer, the fast path
/// for plain requests (``PlainRequestFastPath``, which hands everything else on), the
/// Content-Length/Transfer-Encoding reconciler, NIO's HTTP/1.1 server handlers (encoder, decoder
/// with our header limit, pipelining; no second header validation), our 431 answer, NIO's 400
/// answer, and the stub handler (which keeps its own idle timer: NIO's `IdleStateHandler` would
/// add a handler hop to every read and write of every request).
///
/// What ``configure(_:environment:)`` adds, ``remove(from:)`` takes out: both are here, and
/// `EmbeddedNegotiationTests` checks that an upgraded connection keeps none of them.
enum HTTP1Pipeline {
    static func configure(_ channel: any Channel, environment: ConnectionEnvironment) throws {
        let activity = ConnectionActivity()
        let fastPath =
            environment.configuration.usesFastPath
            ? PlainRequestFastPath(environment: environment, activity: activity) : nil
        let setAside = SetAsideHeads()
        try configureFraming(
            channel, configuration: environment.configuration, fastPath: fastPath, setAside: setAside)
        try channel.pipeline.syncOperations.addHandler(
            StubConnectionHandler(environment: environment, activity: activity, setAside: setAside))
    }

    /// Everything that turns bytes into request parts and answers malformed ones, without the
    /// stub handler: the part the HTTP fuzz target drives.
    /// - Parameter setAside: where the reconciler leaves what it took out of each head, for the
    ///   stub handler behind.
    static func configureFraming(
        _ channel: any Channel, configuration: StubServerConfiguration, fastPath: PlainRequestFastPath? = nil,
        setAside: SetAsideHeads = SetAsideHeads()
    ) throws {
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderListSize = max(1, configuration.maxHeaderBytes)
        limits.maxHeaderFieldSize = max(1, configuration.maxHeaderBytes)
        let pipeline = channel.pipeline.syncOperations
        try pipeline.addHandler(RawBytesWriter())
        if let fastPath { try pipeline.addHandler(fastPath) }
        try pipeline.addHandler(
            LengthHeaderReconciler(maxHeaderBytes: configuration.maxHeaderBytes, setAside: setAside))
        try pipeline.configureHTTPServerPipeline(
            withPipeliningAssistance: true, withErrorHandling: false,
            // ResponseHeadBuilder writes only valid names and values; NIO's validator would check each head again.
            withOutboundHeaderValidation: false,
            withEncoderConfiguration: .init(), withDecoderLimitConfiguration: limits)
        // What `withErrorHandling: true` would add, with our 431 in front of it.
        try pipeline.addHandler(HeaderOverflowResponder())
        try pipeline.addHandler(HTTPServerProtocolErrorHandler())
    }

    /// Removes every HTTP/1.1 handler for an upgrade, leaving the raw-bytes writer at the socket
    /// end. NIO's decoder leaves a turn of the event loop later, so the future says when it has gone.
    static func remove(from channel: any Channel) -> EventLoopFuture<Void> {
        let pipeline = channel.pipeline.syncOperations
        var removals: [EventLoopFuture<Void>] = []
        func remove<Handler: RemovableChannelHandler>(_ type: Handler.Type) {
            guard let context = try? pipeline.context(handlerType: type) else { return }
            let removed = channel.eventLoop.makePromise(of: Void.self)
            pipeline.removeHandler(context: context, promise: removed)
            removals.append(removed.futureResult)
        }
        remove(PlainRequestFastPath.self)
        remove(LengthHeaderReconciler.self)
        remove(HTTPResponseEncoder.self)
        remove(ByteToMessageHandler<HTTPRequestDecoder>.self)
        remove(HTTPServerPipelineHandler.self)
        remove(HeaderOverflowResponder.self)
        remove(HTTPServerProtocolErrorHandler.self)
        remove(StubConnectionHandler.self)
        return EventLoopFuture.andAllSucceed(removals, on: channel.eventLoop)
    }
}
