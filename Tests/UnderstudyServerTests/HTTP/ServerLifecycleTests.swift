import Foundation
import SocketSupport
import Synchronization
import Testing
import UnderstudyCore

@testable import UnderstudyAdmin
@testable import UnderstudyServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Stands in for the admin API: records what reaches it, answers JSON, and shuts down on request.
final class FakeAdmin: AdminRequestHandler {
    private let seen = Mutex<[LoggedRequest]>([])
    var requests: [LoggedRequest] { seen.withLock { $0 } }

    func handle(_ request: LoggedRequest) -> AdminResponse {
        seen.withLock { $0.append(request) }
        if request.path == "/__admin/shutdown" {
            return AdminResponse(status: 200, action: .shutdown)
        }
        return .json(["path": .string(request.path)], status: 200)
    }
}

@Suite struct ServerLifecycleTests {
    static let slow =
        #"{"request":{"url":"/slow"},"response":{"status":200,"body":"finished","fixedDelayMilliseconds":3000}}"#

    /// The delay runs on a manual clock, moved only once the stop has asked the connection to
    /// quiesce: on real time, a loaded machine could let the delay pass before the stop got there
    /// (the answer then went out without `Connection: close`, as it should for a server still serving).
    @Test func stopLetsADelayedRequestInFlightFinish() async throws {
        let engine = StubEngine()
        let clock = ManualClock()
        engine.clock = clock
        try engine.store.add(StubMapping(jsonText: Self.slow))
        let server = try await StubHTTPServer.start(engine: engine, configuration: quietConfiguration)
        let port = server.port
        let inFlight = Task {
            try await RawConnection.with(port: port) { connection in
                try await connection.send("GET /slow HTTP/1.1\r\nHost: a\r\n\r\n")
                let response = try await connection.readResponse()
                let (rest, _) = await connection.readToEnd()
                return (response, rest.isEmpty)
            }
        }
        try await clock.waitUntilSleeping()
        let stopping = Task { try await server.stop() }
        await server.quiesceRequested.untilSignalled()
        clock.advance(by: .seconds(3))
        try await stopping.value
        #expect(!server.isRunning)
        let (response, closedAfter) = try await inFlight.value
        #expect(response?.bodyText == "finished")
        #expect(response?.header("Connection") == "close")
        #expect(closedAfter)
        // No longer accepting: asked of the kernel, not by connecting, since a parallel test's
        // server may have the port by now.
        #expect(try ListeningProbe.nothingListens(on: port))
    }

    /// A burst of connects bigger than NIO's default backlog of 128 (thousands of event streams
    /// opening, a load test) must queue, not lose SYNs and wait a second each to retry:
    /// Scripts/bench-sse.sh opened 3,000 streams in 9.6 s with 128 and in 1.3 s with this.
    @Test func listensWithABacklogForBursts() async throws {
        let server = try await StubHTTPServer.start(engine: StubEngine(), configuration: quietConfiguration)
        #expect(try await server.listeningBacklog() >= 4096)
        try await server.stop()
    }

    @Test func stopIsIdempotentAndWakesWaiters() async throws {
        let server = try await StubHTTPServer.start(engine: StubEngine(), configuration: quietConfiguration)
        #expect(server.isRunning)
        async let waiter: Void = server.waitUntilStopped()
        async let first: Void = server.stop()
        async let second: Void = server.stop()
        _ = try await (first, second)
        await waiter
        try await server.stop()
        #expect(!server.isRunning)
    }

    @Test func theBaseURLNamesTheBoundPort() async throws {
        try await withServer { server in
            #expect(server.port > 0)
            #expect(server.host == "127.0.0.1")
            #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
        }
    }

    @Test func adminPathsGoToTheAdminHandlerNotTheJournal() async throws {
        let admin = FakeAdmin()
        try await withServer(admin: admin) { server in
            let (data, response) = try await freshSession().data(from: server.url("/__admin/mappings?limit=1"))
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "application/json")
            #expect(String(decoding: data, as: UTF8.self) == #"{"path":"/__admin/mappings"}"#)
            #expect(admin.requests.first?.url == "/__admin/mappings?limit=1")
            #expect(server.engine.journal.count == 0)
            // A look-alike outside /__admin is an ordinary request.
            _ = try await freshSession().data(from: server.url("/__administrator"))
            #expect(admin.requests.count == 1)
            #expect(server.engine.journal.count == 1)
        }
    }

    @Test func withoutAnAdminHandlerAdminPathsAre404JSON() async throws {
        try await withServer { server in
            let (data, response) = try await freshSession().data(from: server.url("/__admin/mappings"))
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 404)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json")
            #expect(String(decoding: data, as: UTF8.self).contains("errors"))
        }
    }

    @Test func anAdminShutdownStopsTheServerAfterAnswering() async throws {
        let server = try await StubHTTPServer.start(
            engine: StubEngine(), admin: FakeAdmin(), configuration: quietConfiguration)
        var request = URLRequest(url: server.url("/__admin/shutdown"))
        request.httpMethod = "POST"
        let (_, response) = try await freshSession().data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        await server.waitUntilStopped()
        #expect(!server.isRunning)
    }
}
