import ArgumentParser
import Foundation
import UnderstudyCore
import UnderstudyRecording
import UnderstudyServer
import UnderstudyTLS

/// `serve --proxy-mode`: the server is also a forward proxy for apps, simulators and browsers.
struct ProxyModeOptions: ParsableArguments {
    @Flag(
        name: [.customLong("proxy-mode"), .customLong("enable-browser-proxying")],
        help: """
            Also act as a forward proxy: absolute-form requests and CONNECT tunnels are answered from the stubs \\
            (matched on scheme, host and port), HTTPS tunnels intercepted with a certificate from the proxy's CA, \\
            and requests no stub matches passed through to their host. --enable-browser-proxying is WireMock's name.
            """)
    var proxyMode = false

    @Option(
        name: .long,
        help: """
            With --proxy-mode, pass requests no stub matches through to their host (true, the default) or answer \\
            them 404 (false); POST /__admin/settings {"proxyPassThrough": …} switches it while serving.
            """)
    var proxyPassThrough = true

    @Option(
        name: .long,
        help: """
            Only proxy to these targets (comma-separated: IP addresses, IPv4 ranges a.b.c.d-e.f.g.h, host \\
            patterns with *), checked on the host and every address it resolves to. Repeatable.
            """)
    var allowProxyTargets: [String] = []

    @Option(name: .long, help: "Never proxy to these targets (same syntax as --allow-proxy-targets). Repeatable.")
    var denyProxyTargets: [String] = []

    @Option(
        name: .long,
        help: """
            Where the proxy keeps the CA it generates, so it is trusted once (ca.pem and ca-key.pem; \\
            default ~/.understudy). --https-ca and --https-ca-key give your own instead.
            """)
    var caDir: String?

    func validate() throws {
        guard !proxyMode else { return }
        if !allowProxyTargets.isEmpty || !denyProxyTargets.isEmpty || caDir != nil || !proxyPassThrough {
            throw ValidationError(
                "--proxy-pass-through, --allow-proxy-targets, --deny-proxy-targets and --ca-dir need --proxy-mode")
        }
    }

    /// Which upstreams proxying may reach; applies to proxy stubs too.
    func targetRules() throws -> ProxyTargetRules {
        do {
            return try ProxyTargetRules(allow: allowProxyTargets, deny: denyProxyTargets)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The folder a generated CA is kept in.
    var caFolder: URL {
        if let caDir { return URL(fileURLWithPath: caDir) }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".understudy")
    }

    /// The CA in ``caFolder``, made and written there (the key readable only by its owner) the
    /// first time.
    func keptAuthority() throws -> CertificateAuthority {
        let certificate = caFolder.appendingPathComponent("ca.pem")
        let key = caFolder.appendingPathComponent("ca-key.pem")
        let files = FileManager.default
        if files.fileExists(atPath: certificate.path) || files.fileExists(atPath: key.path) {
            return try CertificateAuthority(certificateFile: certificate.path, privateKeyFile: key.path)
        }
        let authority = try CertificateAuthority.generate(name: "Understudy Proxy CA")
        do {
            try files.createDirectory(
                at: caFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            guard
                files.createFile(
                    atPath: key.path, contents: Data(try authority.privateKeyPEM().utf8),
                    attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteNoPermission) }
            try Data(try authority.pem.utf8).write(to: certificate, options: .atomic)
        } catch {
            throw TLSFileError(path: caFolder.path, problem: "cannot keep the proxy's CA there (\(error))")
        }
        return authority
    }
}
