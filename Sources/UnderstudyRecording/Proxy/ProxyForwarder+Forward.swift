import Foundation
import UnderstudyServer

extension ProxyForwarder {
    /// Sends `request` and collects the whole answer: for callers that want the body at once
    /// (the CLI reading a server's journal), never for proxying a client's request.
    ///
    /// It lives here rather than beside the `ProxyForwarder` seam because the server only ever
    /// streams; sending requests of one's own is this module's concern.
    /// - Throws: `ProxyFailure`; `.badGateway` when the body is larger than `maxBodyBytes`.
    public func forward(_ request: ProxyRequest, maxBodyBytes: Int = 64 * 1024 * 1024) async throws -> ProxiedResponse {
        let collector = ProxyResponseCollector(limit: maxBodyBytes)
        try await stream(request, to: collector)
        return collector.response
    }
}
