import Foundation
import UnderstudyCore
import UnderstudyJSON

/// `/__admin/scenarios`: listing, resetting and setting scenario states.
extension WireMockAdminAPI {
    static func addScenarioRoutes(to router: inout AdminRouter<WireMockAdminAPI>) {
        router.add("GET", "scenarios") { api, _ in api.listScenarios() }
        router.add("POST", "scenarios/reset") { api, _ in
            api.engine.store.resetScenarios()
            return WireMockAdminAPI.ok
        }
        router.add("PUT", "scenarios/{name}/state") { try $0.setScenarioState($1) }
    }

    /// In 3.x a scenario's `id` is its name.
    func listScenarios() -> AdminResponse {
        let scenarios = engine.store.scenarios.map { scenario -> JSONValue in
            [
                "id": .string(scenario.name), "name": .string(scenario.name), "state": .string(scenario.state),
                "possibleStates": .array(scenario.possibleStates.map { .string($0) }),
                "mappings": .array(scenario.stubs.map(\.json))
            ]
        }
        return .json(["scenarios": .array(scenarios)])
    }

    /// `{"state":"x"}` moves the scenario to `x`; an empty body (or no `state`) resets it.
    func setScenarioState(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let name = call.parameters.first ?? ""
        let body = try call.optionalJSON()
        if let body, body.objectValue == nil {
            throw .invalid(
                MappingError(
                    pointer: "", title: "Error parsing JSON", detail: "Expected an object like {\"state\":\"…\"}"))
        }
        let state = body?["state"]
        if let state, !state.isNull, state.stringValue == nil {
            throw .invalid(MappingError(pointer: "/state", title: "Error parsing JSON", detail: "Expected a string"))
        }
        do {
            try engine.store.setScenarioState(name, to: state?.stringValue)
        } catch {
            switch error {
            case .unknownScenario: throw .notFound(error.description)
            case .unsupportedState: throw AdminFailure(status: 422, title: error.description)
            }
        }
        return Self.ok
    }
}
