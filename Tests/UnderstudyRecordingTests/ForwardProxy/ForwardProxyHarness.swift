import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL
import Understudy
import UnderstudyCore
import UnderstudyRecording
import UnderstudyServer
import UnderstudyTLS

/// A proxy-mode server with its own CA, an HTTPS origin with another CA (the "real" host,
/// trusted by the proxy through `--proxy-ca`'s equivalent), and AsyncHTTPClient configured to
/// go through the proxy and trust the proxy's CA, as an app under test would.
struct ForwardProxyHarness {
    let proxy: StubHTTPServer
    let origin: StubServer
    let authority: CertificateAuthority
    let client: HTTPClient

    /// `https://127.0.0.1:<port>`: the origin, a host no stub names.
    var originBase: String { origin.httpsBaseURL!.absoluteString.trimmingSuffix("/") }

    static func with<T>(
        stubs: [String] = [], targets: ProxyTargetRules = ProxyTargetRules(), admin: Bool = true,
        _ body: (ForwardProxyHarness) async throws -> T
    ) async throws -> T {
        let origin = try await StubServer.start(tls: try StubServerTLS.generated())
        origin.stub(.get("/real"), .ok(body: "from the origin").header("X-Origin", "yes"))
        let folder = try TemporaryFolder()
        let originCA = folder.url.appendingPathComponent("origin-ca.pem").path
        try Data(try origin.certificateAuthorityPEM().utf8).write(to: URL(fileURLWithPath: originCA))
        let authority = try CertificateAuthority.generate()
        var configuration = quietConfiguration
        configuration.forwardProxy = ForwardProxyMode(interception: try InterceptingTLS(authority: authority))
        let proxy = try await startServer(
            stubs, admin: admin,
            proxy: AsyncHTTPProxyForwarder(
                timeout: .seconds(10), trust: UpstreamTrust(certificateAuthorityFiles: [originCA]), targets: targets),
            configuration: configuration)
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates([try NIOSSLCertificate(bytes: Array(try authority.pem.utf8), format: .pem)])
        var clientConfiguration = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(5), read: .seconds(10)),
            proxy: .server(host: "127.0.0.1", port: proxy.port))
        clientConfiguration.httpVersion = .automatic
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: clientConfiguration)
        let harness = ForwardProxyHarness(proxy: proxy, origin: origin, authority: authority, client: client)
        do {
            let result = try await body(harness)
            try await harness.close()
            return result
        } catch {
            try? await harness.close()
            throw error
        }
    }

    func close() async throws {
        try await client.shutdown()
        try await proxy.stop()
        // A test may have stopped the origin already, to replay without it.
        try? await origin.shutdown()
    }

    /// A request through the proxy; the reply's body as text.
    func get(_ url: String, headers: [(String, String)] = []) async throws -> (
        status: Int, headers: [String: String], text: String
    ) {
        var request = HTTPClientRequest(url: url)
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await client.execute(request, timeout: .seconds(15))
        let body = try await response.body.collect(upTo: 1 << 20)
        var fields: [String: String] = [:]
        for (name, value) in response.headers { fields[name.lowercased()] = value }
        return (Int(response.status.code), fields, String(buffer: body))
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
