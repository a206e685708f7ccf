import ArgumentParser
import Foundation
import UnderstudyCore
import UnderstudyFleet

/// `serve`'s fleet options: several servers on one PostgreSQL behave as one stub server.
struct FleetOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Join a fleet on this PostgreSQL (postgres://user:password@host:port/db?sslmode=…); also UNDERSTUDY_FLEET_URL. Prefer --fleet-url-file or the variable: a flag shows in the process list.",
            valueName: "url"))
    var fleet: String?

    @Option(name: .long, help: ArgumentHelp("Read the fleet's database URL from this file.", valueName: "file"))
    var fleetUrlFile: String?

    @Option(name: .long, help: "Servers with the same database and fleet name are one stub server.")
    var fleetName = "default"

    @Option(name: .long, help: "This server's name in the fleet (default: host name and process id).")
    var fleetNode: String?

    @Option(
        name: .long,
        help:
            "Scenario steps while the database is out of reach: serve-local takes them on this node and journals a warning; refuse answers 503."
    )
    var fleetWhenDetached: SharedScenarioFallback = .serveLocally

    @Option(name: .long, help: "Milliseconds verification waits for every node's journal before it fails.")
    var fleetVerificationWait = 2000

    /// The fleet to join, or nil: the flag, then the file, then the environment.
    func configuration(journalCapacity: Int) throws -> FleetConfiguration? {
        let text: String
        if let fleet {
            text = fleet
        } else if let fleetUrlFile {
            do {
                text = try String(contentsOfFile: fleetUrlFile, encoding: .utf8)
            } catch {
                throw ValidationError("--fleet-url-file \(fleetUrlFile) cannot be read: \(error.localizedDescription)")
            }
        } else if let variable = ProcessInfo.processInfo.environment["UNDERSTUDY_FLEET_URL"], !variable.isEmpty {
            text = variable
        } else {
            return nil
        }
        guard !fleetName.isEmpty else { throw ValidationError("--fleet-name must not be empty") }
        guard fleetVerificationWait > 0 else { throw ValidationError("--fleet-verification-wait must be positive") }
        var configuration = FleetConfiguration(database: try FleetDatabaseURL(text), name: fleetName, node: fleetNode)
        configuration.whenDetached = fleetWhenDetached
        configuration.verificationWait = .milliseconds(fleetVerificationWait)
        configuration.journalCapacity = max(1, journalCapacity)
        return configuration
    }
}

extension SharedScenarioFallback: ExpressibleByArgument {}
