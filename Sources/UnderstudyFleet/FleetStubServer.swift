import Dispatch
import Foundation
import Logging
import Understudy
import UnderstudyAdmin
import UnderstudyCore
import UnderstudyJSON
import UnderstudyServer

/// A `StubServer` that is a node of a fleet, for Swift tests and tools that run
/// several nodes, or one beside nodes started with `understudy serve --fleet`.
///
/// Stubs go through the fleet (``stub(_:)``), so they answer on every node; verification here
/// (``verify(_:_:)``, ``requests(matching:)``) counts what every live node answered before it
/// began. The ``server``'s own stubbing and verification are this node's alone.
///
/// ```swift
/// let node = try await StubServer.start(fleet: FleetConfiguration(database: try FleetDatabaseURL(url), name: "checkout"))
/// try await node.stub(StubMapping(request: .get("/health"), response: .ok()))
/// // … the system under test calls any node …
/// try await node.verify(.get("/health"), .exactly(3))
/// try await node.shutdown()
/// ```
public final class FleetStubServer: Sendable {
    /// The server: its `baseURL`, port and session.
    public let server: StubServer
    /// Its membership: the admin API that goes through the database, and the fleet's state.
    public let node: FleetNode

    init(server: StubServer, node: FleetNode) {
        self.server = server
        self.node = node
    }

    /// Adds a stub on every node of the fleet; it answers here when this returns.
    /// - Throws: ``FleetError`` when the database cannot take the change.
    public func stub(_ mapping: StubMapping) async throws {
        let request = LoggedRequest(
            method: "POST", url: "/__admin/mappings", headers: ["Content-Type": "application/json"],
            body: JSONWriter.data(mapping.json))
        let answer = await Self.offThePool { [node] in node.admin.handle(request) }
        guard (200..<300).contains(answer.status) else {
            throw FleetError.unavailable(String(decoding: answer.body, as: UTF8.self))
        }
    }

    /// Every request any live node of the fleet answered before this call, oldest first, from the
    /// shared journal.
    /// - Throws: ``FleetError`` when a live node has not written what it served in time.
    public func receivedRequests() async throws -> [LoggedRequest] {
        try await node.sharedEvents().map(\.request)
    }

    /// The fleet's requests that match `pattern`, oldest first.
    public func requests(matching pattern: RequestPattern) async throws -> [LoggedRequest] {
        try await receivedRequests().filter { pattern.matches(MatchContext(request: $0)) }
    }

    /// Checks how many requests across the fleet matched `pattern`.
    /// - Throws: `VerificationError` with the count and the requests, or
    ///   ``FleetError`` when the shared journal cannot be read.
    public func verify(_ pattern: RequestPattern, _ count: VerificationCount = .atLeast(1)) async throws {
        try VerificationError.check(pattern, count, in: try await receivedRequests(), scope: " across the fleet")
    }

    /// Stops serving and leaves the fleet (it drops off `GET /__admin/fleet` at once).
    public func shutdown() async throws {
        do {
            try await server.shutdown()
        } catch {
            await node.leave()
            throw error
        }
        await node.leave()
    }

    /// Runs admin work that waits for the database on a thread of its own: it blocks, and the
    /// cooperative pool must not.
    static func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}

extension StubServer {
    /// Starts a server that joins a fleet, first loading a WireMock folder when given (start
    /// every node on the same folder).
    /// - Parameters:
    ///   - root: the WireMock folder to load, if any.
    ///   - fleet: the database, the fleet's and this node's names, and the limits.
    ///   - configuration: address, limits and logging; quiet by default, with 64 threads for work
    ///     that waits for the database.
    /// - Throws: ``FleetError`` when the database cannot be reached, `StubFolderError`,
    ///   or a bind error.
    public static func start(
        root: URL? = nil, fleet: FleetConfiguration, configuration: StubServerConfiguration? = nil
    ) async throws -> FleetStubServer {
        let (engine, mappings) = try StubWorld.engine(root: root)
        var configuration = configuration ?? quietConfiguration
        if configuration.blockingThreads == nil { configuration.blockingThreads = 64 }
        let local = WireMockAdminAPI(engine: engine, mappings: mappings)
        let node = try await FleetNode.join(fleet, engine: engine, admin: local, logger: configuration.logger)
        do {
            let server = try await StubServer.start(
                engine: engine, admin: node.admin, mappings: mappings, configuration: configuration)
            node.announce(address: server.baseURL.absoluteString)
            return FleetStubServer(server: server, node: node)
        } catch {
            await node.leave()
            throw error
        }
    }
}
