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

    @Test func aStoppedServersPortCanBeHeldAndIsThenRefused() async throws {
        let server = try await startServer([], configuration: quietConfiguration)
        let port = server.port
        #expect(throws: POSIXError.self) { try RefusedPort(reserving: port) }
        #expect(try ListeningProbe.nothingListens(on: port) == false)
        try await server.stop()
        #expect(try ListeningProbe.nothingListens(on: port))
        let refused = try RefusedPort(reserving: port)
        let error = await #expect(throws: URLError.self) {
            _ = try await fetch(try #require(URL(string: refused.baseURL)), "/")
        }
        #expect(error?.code == .cannotConnectToHost)
    }
}
