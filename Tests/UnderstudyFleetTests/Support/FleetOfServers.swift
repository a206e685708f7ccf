import Foundation
import Logging
import UnderstudyAdmin
import UnderstudyCore
import UnderstudyFleet
import UnderstudyServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Real servers on real sockets, each a node of one fleet of its own on the test database.
final class FleetOfServers: Sendable {
    struct Node: Sendable {
        let name: String
        let engine: StubEngine
        let fleet: FleetNode
        let server: StubHTTPServer
        var url: URL { server.baseURL }
    }

    let name: String
    let nodes: [Node]

    private init(name: String, nodes: [Node]) {
        self.name = name
        self.nodes = nodes
    }

    /// Starts `count` nodes of a new fleet.
    static func start(
        _ count: Int, name: String = "test-\(UUID().uuidString.prefix(8))",
        adjust: (inout FleetConfiguration) -> Void = { _ in }
    )
        async throws -> FleetOfServers
    {
        var nodes: [Node] = []
        for index in 0..<count {
            nodes.append(try await startNode(fleet: name, node: "n\(index)", adjust: adjust))
        }
        return FleetOfServers(name: name, nodes: nodes)
    }

    static func startNode(fleet: String, node: String, adjust: (inout FleetConfiguration) -> Void = { _ in })
        async throws -> Node
    {
        var configuration = try FleetDatabase.configuration(fleet: fleet, node: node)
        adjust(&configuration)
        let engine = StubEngine()
        var logger = Logger(label: "fleet-test")
        logger.logLevel = .warning
        let member = try await FleetNode.join(
            configuration, engine: engine, admin: WireMockAdminAPI(engine: engine), logger: logger)
        var serverConfiguration = StubServerConfiguration(port: 0)
        serverConfiguration.logger = logger
        serverConfiguration.blockingThreads = 16
        let server = try await StubHTTPServer.start(
            engine: engine, admin: member.admin, configuration: serverConfiguration)
        member.announce(address: server.baseURL.absoluteString)
        return Node(name: node, engine: engine, fleet: member, server: server)
    }

    func stop() async {
        for node in nodes {
            try? await node.server.stop()
            await node.fleet.leave()
        }
    }
}

/// A plain HTTP exchange with a node.
struct Exchange: Sendable {
    let status: Int
    let body: Data
    var text: String { String(decoding: body, as: UTF8.self) }
    var json: Any? { try? JSONSerialization.jsonObject(with: body) }
}

extension FleetOfServers.Node {
    func send(_ method: String, _ path: String, json: String? = nil) async throws -> Exchange {
        var request = URLRequest(url: URL(string: path, relativeTo: url)!)
        request.httpMethod = method
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        return Exchange(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
    }

    func get(_ path: String) async throws -> Exchange { try await send("GET", path) }

    /// `POST /__admin/requests/count` for a URL.
    func count(url: String) async throws -> Int {
        let answer = try await send("POST", "/__admin/requests/count", json: #"{"url":"\#(url)"}"#)
        guard let object = answer.json as? [String: Any], let count = object["count"] as? Int else {
            throw FleetTestError("count answered \(answer.status): \(answer.text)")
        }
        return count
    }
}
