import NIOCore

extension StubConnectionHandler {
    /// Answers `101 Switching Protocols` and hands the connection to HTTP/2, with the upgrading
    /// request as stream 1 (see ``H2CUpgrade``, ``StreamOneInjector``). The 101 goes out raw
    /// first, ahead of the SETTINGS frame the HTTP/2 handler sends as soon as it is added.
    func upgradeToHTTP2(_ upgrade: H2CUpgrade, context: ChannelHandlerContext) {
        connection.giveUp()
        let switching = context.channel.allocator.buffer(string: H2CUpgrade.switchingProtocols)
        context.triggerUserOutboundEvent(RawBytes(bytes: switching), promise: nil)
        do {
            let injector = StreamOneInjector(headersFrame: upgrade.headersFrame, environment: environment)
            try context.pipeline.syncOperations.addHandler(injector, position: .first)
        } catch {
            environment.logger.info("Could not switch a connection to HTTP/2", metadata: ["error": "\(error)"])
            context.close(promise: nil)
        }
    }
}
