import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

// The load generator of Scripts/bench-proxy.sh: AsyncHTTPClient through a forward proxy to a
// stubbed https:// host, with the proxy's CA as the only root, the same for every proxy measured.
//
//   ForwardProxyBench PROXY_PORT CA_FILE URL SECONDS CONNECTIONS keepalive|tunnels
//
// keepalive: CONNECTIONS tunnels stay open, each carrying one request after another (HTTP/1.1).
// tunnels: every request opens a new tunnel (CONNECT, TLS handshake with a leaf for the host,
// one request, close), CONNECTIONS at a time.
// Prints one line: requests per second, p50 and p99 in milliseconds, and failures.

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 6, let proxyPort = Int(arguments[0]), let seconds = Double(arguments[3]),
    let connections = Int(arguments[4])
else {
    FileHandle.standardError.write(
        Data("usage: ForwardProxyBench PROXY_PORT CA_FILE URL SECONDS CONNECTIONS keepalive|tunnels\n".utf8))
    exit(2)
}
let url = arguments[2]
let newTunnels = arguments[5] == "tunnels"

var tls = TLSConfiguration.makeClientConfiguration()
tls.trustRoots = .file(arguments[1])
var configuration = HTTPClient.Configuration(
    tlsConfiguration: tls, redirectConfiguration: .disallow, timeout: .init(connect: .seconds(10), read: .seconds(10)),
    proxy: .server(host: "127.0.0.1", port: proxyPort))
configuration.httpVersion = .http1Only
configuration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: connections)
let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)

/// One worker's count of answers and their latencies.
struct Tally: Sendable {
    var latencies: [Double] = []
    var failures = 0
}

let deadline = ContinuousClock.now + .seconds(seconds)
let tallies = await withTaskGroup(of: Tally.self) { group in
    for _ in 0..<connections {
        group.addTask {
            var tally = Tally()
            var request = HTTPClientRequest(url: url)
            if newTunnels { request.headers.add(name: "Connection", value: "close") }
            while ContinuousClock.now < deadline {
                let start = ContinuousClock.now
                do {
                    let response = try await client.execute(request, timeout: .seconds(10))
                    _ = try await response.body.collect(upTo: 1 << 20)
                    if response.status == .ok {
                        let elapsed = ContinuousClock.now - start
                        tally.latencies.append(
                            Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
                    } else {
                        tally.failures += 1
                    }
                } catch {
                    tally.failures += 1
                }
            }
            return tally
        }
    }
    var all: [Tally] = []
    for await tally in group { all.append(tally) }
    return all
}
try await client.shutdown().get()
let latencies = tallies.flatMap(\.latencies).sorted()
let failures = tallies.map(\.failures).reduce(0, +)
func percentile(_ p: Double) -> Double {
    latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))]
}
print(
    String(format: "%.0f %.2f %.2f %d", Double(latencies.count) / seconds, percentile(0.5), percentile(0.99), failures))
