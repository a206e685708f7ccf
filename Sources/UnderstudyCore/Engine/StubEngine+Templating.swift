import Foundation

extension StubEngine {
    /// The decision for a matched stub, with its response templates rendered when the stub is
    /// templated. A rendering error becomes a 500 whose body is the error text with its position,
    /// plus an `ERROR` sub-event for the journal, as in WireMock; it never escapes.
    func templatedDecision(for stub: StubMapping, request: LoggedRequest, now: Date) -> (ServeDecision, [SubEvent]) {
        guard templater.applies(to: stub.response) else { return (decision(for: stub, request: request), []) }
        do {
            let rendered = try templater.render(stub.response, stub: stub, request: request, files: files, now: now)
            return (decision(for: stub, request: request, rendered: rendered), [])
        } catch {
            let message = error.description
            let failure = ResponseDefinition(
                status: 500, headers: [NamedValues("Content-Type", "text/plain")], body: .text(message))
            var result = decision(for: stub, request: request, rendered: failure)
            result.templateError = message
            return (result, [SubEvent(type: SubEvent.Kind.templateError, data: ["message": .string(message)])])
        }
    }
}
