/// Where a `CONNECT` tunnel leads: the authority the client asked for (`CONNECT host:port`).
/// Requests read inside the tunnel are journalled and matched as sent to it.
struct TunnelTarget: Sendable, Equatable {
    /// As a URL writes it: `api.example.com`, `10.0.0.1`, `[::1]`.
    var host: String
    var port: Int

    /// The host as a certificate names it: an IPv6 address without its brackets.
    var certificateName: String {
        host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
    }

    /// `api.example.com:443`, `[::1]:8443` or `10.0.0.1:80`; nil for anything without a valid port.
    init?(authority: String) {
        let host: Substring
        let portText: Substring
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            let rest = authority[authority.index(after: close)...]
            guard rest.hasPrefix(":") else { return nil }
            portText = rest.dropFirst()
        } else {
            guard let colon = authority.lastIndex(of: ":") else { return nil }
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        guard !host.isEmpty, host != "[]", let port = Int(portText), (1...65_535).contains(port) else { return nil }
        self.host = String(host)
        self.port = port
    }

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }
}
