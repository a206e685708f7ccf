import Foundation
import Understudy
import UnderstudyCore  // the journal, reset between rounds without dropping the stub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One URLSession round trip in-process against the same request through the loopback server,
/// with the same client code; the server figure is the baseline.
enum InProcessBenchmark {
    static let requests = 1_000
    static let rounds = 5

    /// (case, in-process per request, server per request, speed-up).
    static func run() async throws -> [(String, Duration, Duration)] {
        let small = try await compare(path: "/ping", body: "pong")
        let json = String(repeating: #"{"id":12345,"title":"A review","stars":5},"#, count: 200)
        let large = try await compare(path: "/reviews", body: "[" + json.dropLast() + "]")
        return [
            ("GET, 4-byte body", small.0, small.1), ("GET, \(json.utf8.count / 1024) KB JSON body", large.0, large.1)
        ]
    }

    static func compare(path: String, body: String) async throws -> (Duration, Duration) {
        let inProcess = try await withInProcessStubs { stubs in try await measure(stubs, path: path, body: body) }
        let server = try await withStubServer { server in try await measure(server, path: path, body: body) }
        return (inProcess, server)
    }

    /// Median per-request time over several rounds of sequential requests.
    static func measure(_ host: any StubHost, path: String, body: String) async throws -> Duration {
        host.stub(.get(path), .ok(json: body))
        let request = URLRequest(url: try host.url(path))
        let session = host.session
        for _ in 0..<50 { _ = try await session.data(for: request) }  // warm up
        var samples: [Duration] = []
        for _ in 0..<rounds {
            host.engine.journal.reset()
            let start = ContinuousClock.now
            for _ in 0..<requests { _ = try await session.data(for: request) }
            samples.append((ContinuousClock.now - start) / requests)
        }
        samples.sort()
        return samples[samples.count / 2]
    }
}
