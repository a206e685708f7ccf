import Foundation
import UnderstudyCore

/// `/__admin/reset`, `shutdown`, `health` and `version`.
extension WireMockAdminAPI {
    static func addSystemRoutes(to router: inout AdminRouter<WireMockAdminAPI>) {
        router.add("POST", "reset") { api, _ throws(AdminFailure) in
            try api.resetToDefaults(clearJournal: true)
            return WireMockAdminAPI.ok
        }
        router.add("POST", "shutdown") { _, _ in .json(.object([:]), action: .shutdown) }
        router.add("GET", "health") { api, _ in api.health() }
        // A standalone server is a fleet of none: a fleet node answers this itself (UnderstudyFleet),
        // and the dashboard shows its Fleet tab only when a fleet is named.
        router.add("GET", "fleet") { _, _ in .json(["fleet": .null, "members": []]) }
        router.add("GET", "version") { api, call in api.versionResponse(call) }
    }

    func health(now: Date = Date()) -> AdminResponse {
        .json([
            "status": "healthy", "message": "Understudy is ok", "version": .string(version),
            "uptimeInSeconds": .int(max(0, Int(now.timeIntervalSince(startedAt)))),
            "timestamp": .string(ISO8601.string(now))
        ])
    }

    /// JSON, or the bare version as text when the caller accepts `text/plain` (and not JSON).
    func versionResponse(_ call: AdminCall) -> AdminResponse {
        let accept = call.request.headers.values("Accept").joined(separator: ",").lowercased()
        if accept.contains("text/plain") && !accept.contains("application/json") {
            return AdminResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Data(version.utf8))
        }
        return .json(["version": .string(version)])
    }
}
