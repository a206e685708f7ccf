import Foundation
import PostgresNIO
import UnderstudyCore
import UnderstudyJSON

extension FleetNode {
    /// `GET /__admin/fleet`: every member with how far behind it is, from the database; this
    /// node's own view alone (503) when the database is out of reach.
    func status() -> AdminResponse {
        let counts = journal?.counts ?? (pending: 0, lost: 0, served: 0)
        var this: JSONObject = [
            "fleet": .string(configuration.name), "node": .string(configuration.node),
            "database": .string(configuration.database.redacted), "databaseReachable": .bool(health.isReachable),
            "appliedVersion": .int(Int(changes.appliedVersion)), "pendingEvents": .int(counts.pending),
            "lostEvents": .int(counts.lost), "localScenarioSteps": .int(health.localSteps.load(ordering: .relaxed)),
            "whenDetached": .string(configuration.whenDetached.rawValue)
        ]
        if let problem = health.problem { this["problem"] = .string(problem) }
        do {
            let (version, members) = try BlockingWait.run(timeout: configuration.databaseTimeout) { [self] in
                try await readMembers()
            }
            this["version"] = .int(Int(version))
            this["members"] = .array(
                members.map { member in
                    var object = member
                    if case .number(let applied)? = member["appliedVersion"],
                        let applied = applied.intValue.map(Int64.init)
                    {
                        object["versionsBehind"] = .int(Int(max(0, version - applied)))
                    }
                    return .object(object)
                })
            return .json(.object(this))
        } catch {
            this["problem"] = .string("\(error)")
            return .json(.object(this), status: 503)
        }
    }

    private func readMembers() async throws -> (Int64, [JSONObject]) {
        let fleet = configuration.name
        var version: Int64 = 0
        for try await head in try await client.query(
            "SELECT version FROM understudy_fleets WHERE fleet = \(fleet)", logger: logger
        ).decode(Int64.self) {
            version = head
        }
        let liveness = Double(configuration.liveness.components.seconds)
        var members: [JSONObject] = []
        let rows = try await client.query(
            """
            SELECT node, address, (extract(epoch FROM started_at) * 1000)::bigint,
                   (extract(epoch FROM now() - heartbeat_at) * 1000)::bigint,
                   applied_version, flushed_epoch, served, pending, lost, local_steps
            FROM understudy_members WHERE fleet = \(fleet) ORDER BY node
            """, logger: logger)
        for try await (node, address, started, silentFor, applied, flushed, served, pending, lost, steps)
            in rows.decode(
                (String, String?, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64).self)
        {
            var member: JSONObject = [
                "node": .string(node),
                "startedAt": .string(ISO8601.string(Date(timeIntervalSince1970: Double(started) / 1000))),
                "lastHeardMillis": .int(Int(silentFor)), "live": .bool(Double(silentFor) < liveness * 1000),
                "appliedVersion": .int(Int(applied)), "flushedEpoch": .int(Int(flushed)),
                "servedRequests": .int(Int(served)), "pendingEvents": .int(Int(pending)), "lostEvents": .int(Int(lost)),
                "localScenarioSteps": .int(Int(steps))
            ]
            if let address { member["address"] = .string(address) }
            members.append(member)
        }
        return (version, members)
    }
}
