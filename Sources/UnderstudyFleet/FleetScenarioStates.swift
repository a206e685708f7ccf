import Logging
import PostgresNIO
import UnderstudyCore
import UnderstudyJSON

/// The fleet's scenario states: each step is taken in PostgreSQL under the scenario's row lock
/// (`understudy_advance_many`), so it is taken once fleet-wide however many nodes race for it.
/// A node's concurrent steps of one scenario go in one round trip (`ScenarioStepQueue`).
final class FleetScenarioStates: SharedScenarioStates {
    let client: PostgresClient
    let fleet: String
    let timeout: Duration
    let health: FleetHealth
    let logger: Logger
    let whenUnavailable: SharedScenarioFallback
    /// Concurrent steps of one scenario on this node, combined into one round trip.
    private let steps: ScenarioStepQueue

    init(
        client: PostgresClient, configuration: FleetConfiguration, health: FleetHealth, logger: Logger
    ) {
        self.client = client
        self.fleet = configuration.name
        self.timeout = configuration.databaseTimeout
        self.health = health
        self.logger = logger
        self.whenUnavailable = configuration.whenDetached
        let fleet = configuration.name
        let timeout = configuration.databaseTimeout
        self.steps = ScenarioStepQueue { scenario, steps in
            ScenarioBatch(client: client, fleet: fleet, timeout: timeout, logger: logger, health: health)
                .send(scenario, steps)
        }
    }

    func advance(_ scenario: String, firstOf candidates: [ScenarioTransition]) -> SharedScenarioAdvance {
        guard health.isReachable else { return .unavailable(reason: health.problem ?? "cut off") }
        return steps.advance(scenario, firstOf: candidates)
    }

    func tookLocalStep(_ scenario: String, because reason: String) {
        health.localSteps.add(1, ordering: .relaxed)
        logger.warning("scenario \(scenario) stepped on this node only: \(reason)")
    }
}

/// One round trip of scenario steps.
struct ScenarioBatch {
    let client: PostgresClient
    let fleet: String
    let timeout: Duration
    let logger: Logger
    let health: FleetHealth

    /// Sends steps of one scenario in one round trip; one result per step, in order.
    func send(_ scenario: String, _ steps: [[ScenarioTransition]]) -> [SharedScenarioAdvance] {
        let statement = ScenarioAdvanceMany(fleet: fleet, scenario: scenario, steps: steps)
        let client = self.client
        let logger = self.logger
        do {
            let rows = try BlockingWait.run(timeout: timeout) {
                var rows: [(Int, Int, String)] = []
                for try await row in try await client.execute(statement, logger: logger) { rows.append(row) }
                return rows
            }
            var results = [SharedScenarioAdvance](repeating: .unavailable(reason: "no answer"), count: steps.count)
            for (step, chosen, state) in rows where step >= 0 && step < steps.count {
                results[step] = chosen >= 0 ? .took(chosen) : .noneApplies(current: state)
            }
            return results
        } catch {
            if health.failed(databaseErrorText(error)) {
                logger.warning("fleet database out of reach: \(databaseErrorText(error))")
            }
            return steps.map { _ in .unavailable(reason: databaseErrorText(error)) }
        }
    }
}

/// `understudy_advance_many(…)`, prepared once per connection.
struct ScenarioAdvanceMany: PostgresPreparedStatement {
    static let sql = "SELECT step, chosen, state FROM understudy_advance_many($1, $2, $3::jsonb)"
    typealias Row = (Int, Int, String)

    var fleet: String
    var scenario: String
    var steps: [[ScenarioTransition]]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(fleet)
        bindings.append(scenario)
        let json: JSONValue = .array(
            steps.map { candidates in
                .array(
                    candidates.map {
                        .object([
                            "r": $0.required.map(JSONValue.string) ?? .null, "n": $0.next.map(JSONValue.string) ?? .null
                        ])
                    })
            })
        bindings.append(String(decoding: JSONWriter.data(json), as: UTF8.self))
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}
