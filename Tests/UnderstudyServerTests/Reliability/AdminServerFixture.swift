import UnderstudyCore
import UnderstudyServer
@testable import UnderstudyAdmin

/// A running server whose admin API administers the same engine it serves; stopped afterwards.
func withAdminServer<T>(
    stubs: [String] = [], configuration: StubServerConfiguration = quietConfiguration,
    _ body: (StubHTTPServer) async throws -> T
) async throws -> T {
    var configuration = configuration
    configuration.logger.logLevel = .error
    let engine = StubEngine()
    for stub in stubs { try engine.store.add(StubMapping(jsonText: stub)) }
    let server = try await StubHTTPServer.start(
        engine: engine, admin: WireMockAdminAPI(engine: engine), configuration: configuration)
    do {
        let result = try await body(server)
        try await server.stop()
        return result
    } catch {
        try? await server.stop()
        throw error
    }
}
