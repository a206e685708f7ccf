import NIOCore
import UnderstudyCore

/// Whether passing a proxy request through would send it back to this server: its target
/// names a port this server listens on, on a loopback address or the address the connection
/// came in on. Such a request is answered 508 instead of being sent round again.
enum ForwardProxyLoop {
    static func leadsBack(_ request: LoggedRequest, channel: any Channel, environment: ConnectionEnvironment) -> Bool {
        guard request.browserProxyRequest, let local = channel.localAddress, let localPort = local.port else {
            return false
        }
        var ports: Set<Int> = [localPort]
        if let https = environment.configuration.https, https.port != 0 { ports.insert(https.port) }
        if environment.configuration.port != 0 { ports.insert(environment.configuration.port) }
        guard ports.contains(request.port) else { return false }
        let host = request.host.lowercased()
        return host == "localhost" || host.hasPrefix("127.") || host == "[::1]" || host == "::1"
            || host == local.ipAddress || host == "0.0.0.0"
    }
}
