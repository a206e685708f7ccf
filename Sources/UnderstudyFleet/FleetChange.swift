import Foundation
import UnderstudyCore

/// One admin change as every node replays it: the request the admin API was sent, with ids
/// filled in where the admin API would make up its own (so that every node makes the same stub).
struct FleetChange: Sendable {
    var version: Int64
    var node: String
    var method: String
    var url: String
    var contentType: String?
    var body: Data

    /// The request to hand this node's admin API.
    var request: LoggedRequest {
        var headers = HeaderFields()
        if let contentType { headers.add("Content-Type", contentType) }
        return LoggedRequest(method: method, url: url, headers: headers, body: body)
    }
}
