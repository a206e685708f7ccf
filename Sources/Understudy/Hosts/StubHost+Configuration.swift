import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension StubHost {
    /// A fresh ephemeral configuration routed to this host, for a client that builds its own
    /// session (with its own delegate or cache): in-process, the interception protocol comes
    /// first; over the server, nothing needs changing. Set `urlCache` on it to test a cache path.
    public func sessionConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        if transport == .inProcess { InProcessStubs.prependProtocol(to: configuration) }
        return configuration
    }
}
