import Foundation

extension StubEngine {
    /// The decision for a request sent to this server as a forward proxy (absolute-form, or
    /// inside a `CONNECT` tunnel) that no stub matched, when the server is in proxy mode and
    /// ``GlobalSettings/proxyPassThrough`` is not false: the request goes on to the host it was
    /// meant for, as WireMock's browser proxying does. The journal gets it as proxied with no
    /// stub, so recording and `snapshot` take it like a proxy stub's exchange.
    func passThroughDecision(_ request: LoggedRequest) -> ServeDecision? {
        guard request.browserProxyRequest, browserProxying, settings.proxyPassThrough != false else { return nil }
        let proxy = ProxySettings(baseURL: request.origin)
        var definition = ResponseDefinition(status: 200, fromConfiguredStub: false)
        definition.proxy = proxy
        journal.record(ServeEvent(id: request.id, request: request, stub: nil, responseDefinition: definition))
        return ServeDecision(
            eventID: request.id, stub: nil, status: 200, statusMessage: nil, headers: HeaderFields(), body: Data(),
            fault: nil, delay: .zero, chunkedDribble: nil, nearMisses: [], proxy: proxy)
    }
}
