import Foundation
import Testing
import UnderstudyFleet

/// The PostgreSQL the fleet tests run on: `UNDERSTUDY_FLEET_DATABASE` (a URL; `.ci/run` starts one
/// with Scripts/lib/postgres.sh). Without it the suites that need it are skipped, unless
/// `UNDERSTUDY_REQUIRE_FLEET=1` says they must run, as in CI.
enum FleetDatabase {
    static let url: String? = {
        let value = ProcessInfo.processInfo.environment["UNDERSTUDY_FLEET_DATABASE"]
        return value?.isEmpty == false ? value : nil
    }()

    static let required = ProcessInfo.processInfo.environment["UNDERSTUDY_REQUIRE_FLEET"] == "1"

    /// The PEM file of the CA that signed the test database's certificate, if it takes TLS.
    static let certificateAuthority: String? = {
        let value = ProcessInfo.processInfo.environment["UNDERSTUDY_FLEET_DATABASE_CA"]
        return value?.isEmpty == false ? value : nil
    }()

    /// True when the tests can run; with `UNDERSTUDY_REQUIRE_FLEET=1` and no database, the suites
    /// run and fail in ``configuration(fleet:node:)`` saying why.
    static var isUsable: Bool { url != nil || required }

    /// A configuration for `node` of a fleet of its own, so parallel tests never share one.
    static func configuration(fleet: String, node: String) throws -> FleetConfiguration {
        guard let url else {
            throw FleetTestError(
                "UNDERSTUDY_FLEET_DATABASE is not set: start one with Scripts/lib/postgres.sh start DIR and export the URL it prints"
            )
        }
        var configuration = FleetConfiguration(database: try FleetDatabaseURL(url), name: fleet, node: node)
        configuration.heartbeatInterval = .milliseconds(100)
        // The suite checks what the fleet guarantees, not how fast: on 2 busy cores, and ten
        // times slower under ThreadSanitizer, a round trip can take longer than production's
        // limits allow. Scripts/fleet.sh checks the real limits with release processes.
        configuration.databaseTimeout = .seconds(10)
        configuration.verificationWait = .seconds(10)
        configuration.liveness = .seconds(30)
        configuration.joinTimeout = .seconds(60)
        // Every connection opened at join: under TSan one SCRAM login takes seconds, and a burst
        // of scenario steps opening connections would time out waiting for them.
        configuration.minimumConnections = configuration.maximumConnections
        return configuration
    }
}

struct FleetTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
