import Foundation
import UnderstudyCore
import UnderstudyJSON

/// `/__admin/settings`: global delays and extension settings.
extension WireMockAdminAPI {
    static func addSettingsRoutes(to router: inout AdminRouter<WireMockAdminAPI>) {
        router.add("GET", "settings") { api, _ in .json(["settings": api.engine.settings.json]) }
        router.add("PUT", "settings") { try $0.replaceSettings($1) }
        router.add("POST", "settings") { try $0.replaceSettings($1) }
        router.add("PATCH", "settings/extended") { try $0.mergeExtendedSettings($1) }
    }

    /// Takes a bare settings object or one wrapped as `{"settings":{…}}`; answers with the
    /// bare settings (python-wiremock reads the answer back as its settings model).
    func replaceSettings(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let settings = try call.decode(GlobalSettings.init(json:))
        engine.settings = settings
        return .json(settings.json)
    }

    /// Merges an object into `extended`, nested objects key by key.
    func mergeExtendedSettings(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        guard case .object(let patch) = try call.json() else {
            throw .invalid(MappingError(pointer: "", title: "Error parsing JSON", detail: "Expected an object"))
        }
        var settings = engine.settings
        settings.extended = Self.merge(settings.extended ?? JSONObject(), patch)
        engine.settings = settings
        return .json(["settings": settings.json])
    }

    static func merge(_ base: JSONObject, _ patch: JSONObject) -> JSONObject {
        var result = base
        for member in patch {
            if case .object(let inner) = member.value, case .object(let existing)? = result[member.key] {
                result[member.key] = .object(merge(existing, inner))
            } else {
                result[member.key] = member.value
            }
        }
        return result
    }
}
