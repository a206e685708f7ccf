import Foundation
import UnderstudyAdmin
import UnderstudyCore
import UnderstudyJSON

/// `GET /__understudy/near-misses/{request id}`: the closest stubs to an unmatched request, each
/// with the rows of WireMock's diff (expected, actual, and what mismatched). The admin API's
/// near-miss answers carry the stubs and distances but not the rows, which the page shows in two columns.
enum DashboardNearMisses {
    static func response(requestID: String, engine: StubEngine) -> AdminResponse {
        guard let id = UUID(uuidString: requestID) else {
            return AdminFailure(status: 400, title: "Not a request id: \(requestID)").response
        }
        guard let event = engine.journal.recentEvent(id: id) else {
            return AdminFailure.notFound("No request \(requestID) in the journal").response
        }
        let misses = engine.store.nearMisses(to: event.request)
        return .json(["nearMisses": .array(misses.map(json(for:)))])
    }

    static func json(for miss: NearMiss) -> JSONValue {
        let rows = DiffRenderer.rows(for: miss).map { row -> JSONValue in
            var object: JSONObject = ["expected": .string(row.expected), "actual": .string(row.actual)]
            if let mismatch = row.mismatch { object["mismatch"] = .string(mismatch) }
            return .object(object)
        }
        var object: JSONObject = ["distance": .double(miss.distance), "rows": .array(rows)]
        if let stub = miss.stub {
            object["stubId"] = .string(stub.id.lowercasedString)
            if let name = stub.name { object["stubName"] = .string(name) }
        }
        return .object(object)
    }
}
