import Foundation
import HTTPTypes
import OpenAPIRuntime
import UnderstudyCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A swift-openapi-runtime `ClientTransport` that hands a generated client's calls straight to a
/// stub host's engine: no URLSession and no socket, so none of Linux's URLProtocol limits.
///
/// Stubs, the journal, verification, scenarios, gates, delays and a host's contract behave as on
/// the other transports; a fault is thrown as the `URLError` the in-process transport gives
/// (`Fault.urlErrorCode`), and so is an offline host. Redirects and challenges come
/// back as they are (a `ClientTransport` follows neither); streamed and proxied stubs are refused.
///
/// ```swift
/// try await withInProcessStubs { stubs in
///     stubs.stub(.get("/timeline"), .ok(json: "[]"))
///     let client = Client(serverURL: stubs.baseURL, transport: StubClientTransport(stubs))
/// }
/// ```
public struct StubClientTransport: ClientTransport {
    /// The host whose engine answers.
    public let host: any StubEngineHost

    /// A transport into `host`'s engine (a `StubServer` is reached without its socket).
    public init(_ host: any StubEngineHost) {
        self.host = host
    }

    /// Journals the call through the host's engine and answers once its gate and delay have passed.
    /// - Throws: `URLError` for a fault, an offline host, or a stub this transport cannot render.
    public func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let engine = host.engine
        let connectivity = host._engineAccess.connectivity
        guard !host.isOffline else { throw Self.offline("the stub host is offline (goOffline()).") }
        var bytes = Data()
        if let body { bytes = try await Data(collecting: body, upTo: .max) }
        let logged = TransportRequest.logged(request, body: bytes, baseURL: baseURL)
        let (outcome, decision) = InProcessExchange.decide(
            logged, responder: host._engineAccess.responder, refusal: InProcessExchange.wholeResponseRefusal)
        if let decision {
            let answered = await DueAnswer.wait(for: decision, engine: engine, connectivity: connectivity)
            guard answered, !host.isOffline else {
                throw Self.offline("the stub host went offline (goOffline()) while the request was in flight.")
            }
        }
        switch outcome {
        case .fail(let code, let message):
            throw URLError(code, userInfo: [NSLocalizedDescriptionKey: message])
        case .respond(let decision):
            let response = TransportResponse.head(decision)
            guard request.method != .head, !decision.body.isEmpty else { return (response, nil) }
            return (response, HTTPBody([UInt8](decision.body)))
        }
    }

    static func offline(_ why: String) -> URLError {
        URLError(.notConnectedToInternet, userInfo: [NSLocalizedDescriptionKey: "Understudy transport: \(why)"])
    }
}

extension StubEngineHost {
    /// A swift-openapi-runtime transport into this host's engine, for a generated client:
    /// `Client(serverURL: host.baseURL, transport: host.clientTransport)`.
    public var clientTransport: StubClientTransport { StubClientTransport(self) }
}
