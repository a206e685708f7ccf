import Foundation
import UnderstudyCore

/// `/__admin/near-misses`: what almost matched.
extension WireMockAdminAPI {
    static func addNearMissRoutes(to router: inout AdminRouter<WireMockAdminAPI>) {
        router.add("POST", "near-misses/request") { try $0.nearMissesForRequest($1) }
        router.add("POST", "near-misses/request-pattern") { try $0.nearMissesForPattern($1) }
    }

    /// The three stubs closest to a logged request; missing fields count as empty.
    func nearMissesForRequest(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let request = try call.decode(LoggedRequest.init(json:))
        let misses = engine.store.nearMisses(to: request)
        return .json(["nearMisses": .array(misses.map(\.json))])
    }

    /// The three journal entries closest to a request pattern.
    func nearMissesForPattern(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let pattern = try call.decode(RequestPattern.init(json:))
        let misses = NearMissCalculator.nearest(to: pattern, among: engine.journal.events.map(\.request))
        return .json(["nearMisses": .array(misses.map(\.json))])
    }
}
