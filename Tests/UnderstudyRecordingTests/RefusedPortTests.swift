import Foundation
import SocketSupport
import Testing
import UnderstudyServer

/// The refused upstream that proxy tests use must stay refused while other tests start servers.
@Suite struct RefusedPortTests {
    @Test func noServerCanTakeTheHeldPort() async throws {
        let refused = try RefusedPort()
        var configuration = quietConfiguration
        configuration.port = refused.port
        await #expect(throws: (any Error).self) {
            let server = try await startServer([], configuration: configuration)
            try await server.stop()
        }
        withExtendedLifetime(refused) {}
    }

    @Test func aConnectIsRefusedAtOnce() async throws {
        let refused = try RefusedPort()
        let error = await #expect(throws: URLError.self) {
            _ = try await fetch(try #require(URL(string: refused.baseURL)), "/")
        }
        #expect(error?.code == .cannotConnectToHost)
        withExtendedLifetime(refused) {}
    }

    /// Parallel tests bind free ports too, and one may be handed the port the moment it is
    /// freed; that is not this test's failure, so it tries again with a new server (five times).
    @Test func aStoppedServersPortCanBeHeldAndIsThenRefused() async throws {
        var held: RefusedPort?
        for _ in 0..<5 where held == nil {
            let server = try await startServer([], configuration: quietConfiguration)
            let port = server.port
            #expect(throws: POSIXError.self) { try RefusedPort(reserving: port) }
            #expect(try ListeningProbe.nothingListens(on: port) == false)
            try await server.stop()
            held = try? RefusedPort(reserving: port)
        }
        let refused = try #require(held, "a stopped server's port could not be held in five tries")
        let error = await #expect(throws: URLError.self) {
            _ = try await fetch(try #require(URL(string: refused.baseURL)), "/")
        }
        #expect(error?.code == .cannotConnectToHost)
    }
}
