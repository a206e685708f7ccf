import Foundation
import NIOCore
import NIOHTTP1
import UnderstudyCore

extension StubConnectionHandler {
    /// Request bodies declared larger than this, or chunked, are worth streaming to a proxy
    /// stub's upstream; smaller ones are read whole first, as for any stub.
    static let streamUploadThreshold = 64 * 1024

    /// Streams the request body to the upstream as it arrives when the head alone selects a proxy
    /// stub whatever the body (``StubEngine/decide(_:capabilities:now:accepting:)`` with ``Capabilities/streamingHead``); the answer
    /// then streams back as for any proxied request. A stub that reads the body, a non-proxy
    /// stub, no match, the admin API, offline mode or a forwarder that cannot stream bodies:
    /// returns false, and the body is read whole as usual (no scenario has moved).
    func streamUpload(_ head: HTTPRequestHead, declaredLength: Int?, context: ChannelHandlerContext) -> Bool {
        guard let forwarder = environment.proxy, forwarder.streamsRequestBodies else { return false }
        let receivedAt = NIODeadline.now()
        let addresses =
            self.addresses ?? ConnectionAddresses(channel: context.channel, environment: environment)
        self.addresses = addresses
        let request = LoggedRequest(
            head: head, body: Data(), clientIP: addresses.clientIP, boundHost: addresses.boundHost,
            boundPort: addresses.boundPort, scheme: environment.scheme,
            clientCertificateSubject: addresses.clientCertificateSubject,
            tunnelled: addresses.isTunnelled)
        // The URL as the engine sees it: an absolute-form target (`POST http://host/__admin/…`)
        // still goes to the admin API, as `dispatch` decides; offline, the whole request is read first.
        guard environment.route(request.url) == .engine,
            case .streamedProxy(let decision, let entry) = environment.engine.decide(
                request, capabilities: .streamingHead)
        else {
            return false
        }
        acknowledgeExpectContinue(head, context: context)
        connection.startStreamingUpload()
        let upload = RequestUpload(
            request: request, entry: entry, declaredLength: declaredLength, channel: context.channel,
            captureLimit: environment.configuration.maxBodyBytes)
        self.upload = upload
        proxy(decision, to: head, request: request, receivedAt: receivedAt, context: context, upload: upload)
        return true
    }
}
