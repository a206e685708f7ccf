import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension InProcessStubs {
    /// Opts `URLSession.shared` into in-process stubs, for code that cannot take a session.
    ///
    /// On Linux `URLSession.shared` copies the registered protocol classes the first time
    /// anything touches it, so registering only works if it happens before that. This registers
    /// the protocol, then checks which protocol `URLSession.shared` would really pick for an
    /// in-process URL; if it is not ours, it throws instead of letting requests miss silently.
    /// Prefer passing ``session`` to the code under test.
    /// - Throws: ``SharedSessionInterceptionError`` when `URLSession.shared` was created too early.
    public static func interceptSharedSession() throws {
        _ = URLProtocol.registerClass(InProcessURLProtocol.self)
        guard let probe = URL(string: "http://probe.\(InProcessRegistry.domain)/") else { return }
        let request = URLRequest(url: probe)
        let configured = URLSession.shared.configuration.protocolClasses ?? []
        // The same search corelibs does: the configuration's list first, in order.
        let chosen: AnyClass? = configured.first { ($0 as? URLProtocol.Type)?.canInit(with: request) == true }
        if let chosen, chosen != InProcessURLProtocol.self {
            throw SharedSessionInterceptionError(chosen: String(describing: chosen))
        }
    }
}

/// `URLSession.shared` already existed when the in-process protocol was registered, so it would
/// send in-process URLs to another protocol (on Linux, the real network).
public struct SharedSessionInterceptionError: Error, Sendable, CustomStringConvertible {
    /// The protocol class `URLSession.shared` would use instead.
    public var chosen: String

    /// What happened and the two ways out.
    public var description: String {
        "URLSession.shared was created before Understudy's protocol was registered, so it would send in-process requests to \(chosen) (the real network). On Linux, URLSession.shared copies the registered protocols the first time anything touches it. Call InProcessStubs.interceptSharedSession() before any code touches URLSession.shared, or better, pass stubs.session (or stubs.configure(yourConfiguration)) to the code under test."
    }
}
