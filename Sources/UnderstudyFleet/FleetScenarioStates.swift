import Logging
import PostgresNIO
import UnderstudyCore

/// The fleet's scenario states: each step is one compare-and-set in PostgreSQL
/// (`understudy_step`), so it is taken once fleet-wide however many nodes race for it.
final class FleetScenarioStates: SharedScenarioStates {
    let client: PostgresClient
    let fleet: String
    let timeout: Duration
    let health: FleetHealth
    let logger: Logger
    let whenUnavailable: SharedScenarioFallback

    init(
        client: PostgresClient, configuration: FleetConfiguration, health: FleetHealth, logger: Logger
    ) {
        self.client = client
        self.fleet = configuration.name
        self.timeout = configuration.databaseTimeout
        self.health = health
        self.logger = logger
        self.whenUnavailable = configuration.whenDetached
    }

    func step(_ scenario: String, from required: String?, to next: String?) -> SharedScenarioStep {
        guard health.isReachable else { return .unavailable(reason: health.problem ?? "cut off") }
        let client = self.client
        let fleet = self.fleet
        let logger = self.logger
        do {
            let (taken, state) = try BlockingWait.run(timeout: timeout) {
                let rows = try await client.execute(
                    ScenarioStep(fleet: fleet, scenario: scenario, required: required, next: next), logger: logger)
                for try await row in rows { return row }
                throw FleetError.unavailable("understudy_step returned nothing")
            }
            return taken ? .taken : .stale(current: state)
        } catch {
            if health.failed("\(error)") { logger.warning("fleet database out of reach: \(error)") }
            return .unavailable(reason: "\(error)")
        }
    }

    func tookLocalStep(_ scenario: String, because reason: String) {
        health.localSteps.add(1, ordering: .relaxed)
        logger.warning("scenario \(scenario) stepped on this node only: \(reason)")
    }
}

/// `SELECT * FROM understudy_step(…)`, prepared once per connection.
struct ScenarioStep: PostgresPreparedStatement {
    static let sql = "SELECT taken, state FROM understudy_step($1, $2, $3, $4)"
    typealias Row = (Bool, String)

    var fleet: String
    var scenario: String
    var required: String?
    var next: String?

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 4)
        bindings.append(fleet)
        bindings.append(scenario)
        bindings.append(required)
        bindings.append(next)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}
