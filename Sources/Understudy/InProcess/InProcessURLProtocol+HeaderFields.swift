import Foundation
import UnderstudyCore

extension InProcessURLProtocol {
    /// Headers as the server sends them: repeated names joined with ", ", and a Content-Length.
    static func headerFields(_ decision: ServeDecision) -> [String: String] {
        var fields: [String: String] = [:]
        var spelling: [String: String] = [:]
        for field in decision.headers {
            let key = field.name.lowercased()
            if let name = spelling[key], let existing = fields[name] {
                fields[name] = existing + ", " + field.value
            } else {
                spelling[key] = field.name
                fields[field.name] = field.value
            }
        }
        // A stream's length is not known up front.
        if spelling["content-length"] == nil, decision.stream == nil {
            fields["Content-Length"] = String(decision.body.count)
        }
        return fields
    }
}
