import Foundation
import UnderstudyCore
import UnderstudyJSON

/// The one line of the dashboard's request list for a journal entry; the page fetches the whole
/// entry from `GET /__admin/requests/{id}` when it is opened.
enum DashboardRequestSummary {
    static func json(for event: ServeEvent) -> JSONValue {
        var summary: JSONObject = [
            "id": .string(event.id.lowercasedString),
            "method": .string(event.request.method),
            "url": .string(event.request.url),
            "loggedDate": .int(Int(event.request.loggedDate.timeIntervalSince1970 * 1000)),
            "matched": .bool(event.wasMatched)
        ]
        if let response = event.response { summary["status"] = .int(response.status) }
        if let timing = event.timing { summary["totalTime"] = .int(timing.totalTime) }
        if let stub = event.stub {
            summary["stubId"] = .string(stub.id.lowercasedString)
            if let name = stub.name { summary["stubName"] = .string(name) }
        }
        return .object(summary)
    }
}
