import Foundation
import UnderstudyCore
import UnderstudyJSON

/// Fills in the ids the admin API would make up, so every node that replays a change makes the
/// same stub: a stub posted without an id, or imported without one.
enum FleetIDs {
    static func fill(_ request: LoggedRequest, path: String) -> LoggedRequest {
        guard request.method == "POST",
            path == "mappings" || path == "mappings/import" || path == "message-mappings",
            let value = try? JSONValue(parsing: request.body)
        else { return request }
        let filled: JSONValue
        switch (path, value) {
        case ("mappings/import", .object(var object)):
            guard case .array(let stubs)? = object["mappings"] else { return request }
            object["mappings"] = .array(stubs.map(withID))
            filled = .object(object)
        default:
            filled = withID(value)
        }
        var copy = request
        copy.body = JSONWriter.data(filled)
        return copy
    }

    private static func withID(_ value: JSONValue) -> JSONValue {
        guard case .object(var object) = value, object["id"] == nil, object["uuid"] == nil else { return value }
        object["id"] = .string(UUID().uuidString.lowercased())
        return .object(object)
    }
}
