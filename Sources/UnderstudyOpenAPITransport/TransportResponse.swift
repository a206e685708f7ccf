import Foundation
import HTTPTypes
import UnderstudyCore

/// Turns the engine's decision into the runtime's response head.
enum TransportResponse {
    /// The status and headers as the server sends them, with a `Content-Length`.
    static func head(_ decision: ServeDecision) -> HTTPResponse {
        var fields = HTTPFields()
        for field in decision.headers {
            // A name HTTP does not allow never reaches a client over a socket either.
            guard let name = HTTPField.Name(field.name) else { continue }
            fields.append(HTTPField(name: name, value: field.value))
        }
        if fields[.contentLength] == nil { fields[.contentLength] = String(decision.body.count) }
        return HTTPResponse(status: .init(code: decision.status), headerFields: fields)
    }
}
