import Foundation
import UnderstudyCore
import UnderstudyJSON

/// One routed admin request: the request itself, the values of the route's `{…}` segments,
/// and the query, with typed readers that fail in WireMock's error shape.
struct AdminCall: Sendable {
    let request: LoggedRequest
    /// Percent-decoded values of the route's parameter segments, in order.
    let parameters: [String]

    /// The first value of a query parameter.
    func query(_ name: String) -> String? {
        request.queryParameters.first { $0.name == name }?.values.first
    }

    /// A path parameter as a UUID; WireMock answers 400 for anything else.
    func uuid(_ index: Int = 0) throws(AdminFailure) -> UUID {
        let text = index < parameters.count ? parameters[index] : ""
        guard let id = UUID(uuidString: text) else {
            throw AdminFailure(status: 400, title: "\(text) is not a valid UUID")
        }
        return id
    }

    /// A non-negative integer query parameter, or nil when absent.
    func count(_ name: String) throws(AdminFailure) -> Int? {
        guard let text = query(name), !text.isEmpty else { return nil }
        guard let value = Int(text), value >= 0 else {
            throw AdminFailure(status: 400, title: "\(text) is not a valid \(name)", pointer: name)
        }
        return value
    }

    var hasBody: Bool {
        !request.body.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    /// The body as JSON. A missing or malformed body is a 422, as WireMock's JSON reader makes it.
    func json() throws(AdminFailure) -> JSONValue {
        guard hasBody else {
            throw .invalid(MappingError(pointer: "", title: "Error parsing JSON", detail: "The request body is empty"))
        }
        do {
            return try JSONParser.parse(request.body)
        } catch {
            throw .invalid(MappingError(pointer: "", title: "Error parsing JSON", detail: error.description))
        }
    }

    /// The body as JSON, or nil when there is none (for routes where WireMock allows that).
    func optionalJSON() throws(AdminFailure) -> JSONValue? {
        // Spelled out: a bare `nil` here would become JSON null (`JSONValue` is nil-literal expressible).
        guard hasBody else { return Optional<JSONValue>.none }
        return try json()
    }

    /// Runs a decoder, turning its `MappingError` into a 422.
    func decode<T>(_ decoder: (JSONValue) throws(MappingError) -> T) throws(AdminFailure) -> T {
        let body = try json()
        do {
            return try decoder(body)
        } catch {
            throw .invalid(error)
        }
    }
}
