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

    func advance(_ scenario: String, firstOf candidates: [ScenarioTransition]) -> SharedScenarioAdvance {
        guard health.isReachable else { return .unavailable(reason: health.problem ?? "cut off") }
        let statement = ScenarioAdvance(fleet: fleet, scenario: scenario, candidates: candidates)
        let client = self.client
        let logger = self.logger
        do {
            let (chosen, state) = try BlockingWait.run(timeout: timeout) {
                for try await row in try await client.execute(statement, logger: logger) { return row }
                throw FleetError.unavailable("understudy_advance returned nothing")
            }
            return chosen >= 0 ? .took(chosen) : .noneApplies(current: state)
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

/// `SELECT * FROM understudy_advance(…)`, prepared once per connection.
struct ScenarioAdvance: PostgresPreparedStatement {
    static let sql = "SELECT chosen, state FROM understudy_advance($1, $2, $3, $4, $5, $6)"
    typealias Row = (Int, String)

    var fleet: String
    var scenario: String
    var candidates: [ScenarioTransition]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 6)
        bindings.append(fleet)
        bindings.append(scenario)
        bindings.append(candidates.map { $0.required ?? "" })
        bindings.append(candidates.map { $0.required != nil })
        bindings.append(candidates.map { $0.next ?? "" })
        bindings.append(candidates.map { $0.next != nil })
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}
