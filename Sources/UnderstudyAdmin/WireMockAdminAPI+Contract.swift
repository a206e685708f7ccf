import Foundation
import UnderstudyCore
import UnderstudyJSON

/// `/__admin/openapi/violations`: the contract violations noted since the last reset.
extension WireMockAdminAPI {
    static func addContractRoutes(to router: inout AdminRouter<WireMockAdminAPI>) {
        router.add("GET", "openapi/violations") { api, _ in api.contractViolations() }
        router.add("DELETE", "openapi/violations") { api, _ in api.clearContractViolations() }
    }

    /// Every violation kept, oldest first, each with the request it came with.
    func contractViolations() -> AdminResponse {
        let all = engine.journal.contractViolations.all
        return .json(["violations": .array(all.map(\.json)), "meta": ["total": .int(all.count)]])
    }

    /// Forgets the violations; the journal keeps its entries and their sub-events.
    func clearContractViolations() -> AdminResponse {
        engine.journal.contractViolations.removeAll()
        return Self.ok
    }
}
