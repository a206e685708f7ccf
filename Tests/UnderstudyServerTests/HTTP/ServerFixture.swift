import Foundation
import Synchronization
import UnderstudyCore
import UnderstudyServer
@testable import UnderstudyAdmin

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A running server on a free port for one test; stopped when the test ends.
func withServer<T>(
    _ stubs: [String] = [], files: FilesDirectory? = nil, admin: (any AdminRequestHandler)? = nil,
    configuration: StubServerConfiguration = .init(),
    _ body: (StubHTTPServer) async throws -> T
) async throws -> T {
    var configuration = configuration
    configuration.logger.logLevel = .error  // keep test output readable
    let engine = StubEngine(files: files)
    for stub in stubs { try engine.store.add(StubMapping(jsonText: stub)) }
    let server = try await StubHTTPServer.start(engine: engine, admin: admin, configuration: configuration)
    do {
        let result = try await body(server)
        try await server.stop()
        return result
    } catch {
        try? await server.stop()
        throw error
    }
}

/// The default configuration with logging turned down, for servers started outside `withServer`.
var quietConfiguration: StubServerConfiguration {
    var configuration = StubServerConfiguration()
    configuration.logger.logLevel = .error
    return configuration
}

/// A session with no cache or cookies, so each test sees only its own traffic.
func freshSession() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    return URLSession(configuration: configuration)
}

extension StubHTTPServer {
    func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString + path) ?? baseURL
    }
}

extension RequestJournal {
    /// Returns once a request for `url` has been journalled (which happens before any delay).
    func waitForRequest(url: String) async {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let token = observe { event in
            if event.request.url == url { continuation.yield() }
        }
        defer { token.cancel() }
        if events.contains(where: { $0.request.url == url }) { return }
        for await _ in stream { return }
    }
}

/// Records the order in which things finished, across tasks.
final class FinishOrder: Sendable {
    private let names = Mutex<[String]>([])
    func record(_ name: String) { names.withLock { $0.append(name) } }
    var all: [String] { names.withLock { $0 } }
}
