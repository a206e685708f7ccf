import Foundation
import Testing

@testable import UnderstudyCore

/// Builds a logged request for tests.
func request(
    _ method: String = "GET", _ url: String, headers: [(String, String)] = [], body: String? = nil,
    scheme: String = "http", host: String = "localhost", port: Int = 8080
) -> LoggedRequest {
    LoggedRequest(
        method: method, url: url, scheme: scheme, host: host, port: port,
        headers: HeaderFields(headers.map { HeaderFields.Field(name: $0.0, value: $0.1) }),
        body: Data((body ?? "").utf8))
}

/// Decodes a stub from WireMock JSON text, failing the test on error.
func stub(_ json: String) throws -> StubMapping {
    try StubMapping(jsonText: json)
}

/// A store holding the given stubs, added in order.
func store(_ stubs: [StubMapping]) throws -> StubStore {
    let store = StubStore()
    for s in stubs { try store.add(s) }
    return store
}

extension StubEngine {
    /// What a transport serving inline gets: ``StubEngine/decide(_:capabilities:now:accepting:)``
    /// with ``Capabilities/inline``, which answers every request at once.
    func served(_ request: LoggedRequest, now: Date = Date()) -> ServeDecision {
        if case .immediate(let decision) = decide(request, capabilities: .inline, now: now) { return decision }
        Issue.record("inline capabilities should answer every request at once")
        return ServeDecision(
            eventID: request.id, stub: nil, status: 0, statusMessage: nil, headers: HeaderFields(), body: Data(),
            fault: nil,
            delay: .zero, chunkedDribble: nil, nearMisses: [], proxy: nil)
    }
}
