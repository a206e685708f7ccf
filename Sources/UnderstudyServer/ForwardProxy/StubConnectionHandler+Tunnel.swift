import NIOCore
import NIOHTTP1

extension StubConnectionHandler {
    /// Opens a forward proxy's `CONNECT` tunnel on this connection: the HTTP/1.1 handlers leave,
    /// `200 Connection Established` goes out, and a ``TunnelNegotiator`` reads what the client
    /// sends next (a TLS handshake to intercept, or plain HTTP). Nothing is relayed anywhere:
    /// requests inside the tunnel are answered like any other, and only those no stub matches
    /// go on to the tunnel's host.
    func openTunnel(_ head: HTTPRequestHead, mode: ForwardProxyMode, context: ChannelHandlerContext) {
        guard let target = TunnelTarget(authority: head.uri) else {
            refuseTunnel(
                "CONNECT needs a target of the form host:port (RFC 9110 §9.3.6), not '\(head.uri)'", context: context)
            return
        }
        connection.giveUp()
        let channel = context.channel
        let environment = self.environment
        HTTP1Pipeline.remove(from: channel).assumeIsolated().whenComplete { result in
            do {
                try result.get()
                let pipeline = channel.pipeline.syncOperations
                // The tunnel's own pipeline brings its own writer.
                if let writer = try? pipeline.context(handlerType: RawBytesWriter.self) {
                    pipeline.removeHandler(context: writer, promise: nil)
                }
                channel.writeAndFlush(Self.connectionEstablished(allocator: channel.allocator), promise: nil)
                try pipeline.addHandler(TunnelNegotiator(target: target, mode: mode, environment: environment))
                // A read held back by the HTTP/1.1 handlers while the CONNECT was answered left
                // with them: without asking again, the client's first bytes could wait unread.
                channel.read()
                environment.logger.debug("Opened a CONNECT tunnel", metadata: ["target": "\(head.uri)"])
            } catch {
                environment.logger.info("Could not open a CONNECT tunnel", metadata: ["error": "\(error)"])
                channel.close(promise: nil)
            }
        }
    }

    private func refuseTunnel(_ message: String, context: ChannelHandlerContext) {
        connection.giveUp()
        let body = message + "\n"
        var bytes = context.channel.allocator.buffer(capacity: body.utf8.count + 128)
        bytes.writeString(
            "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body)
        context.writeRawThenClose(bytes)
    }

    private static func connectionEstablished(allocator: ByteBufferAllocator) -> ByteBuffer {
        allocator.buffer(string: "HTTP/1.1 200 Connection Established\r\n\r\n")
    }
}
