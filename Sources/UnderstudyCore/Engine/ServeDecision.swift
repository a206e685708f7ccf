import Foundation

/// What a transport must do for one request, decided by the engine: the response to render,
/// how long to wait first, how to dribble it, or which fault to inject.
public struct ServeDecision: Sendable {
    /// The journal entry to complete once the response is out.
    public var eventID: UUID
    /// The stub that matched, if any.
    public var stub: StubMapping?
    /// The status code to send.
    public var status: Int
    /// The reason phrase, when not the standard one.
    public var statusMessage: String?
    /// The headers to send.
    public var headers: HeaderFields
    /// The body to send.
    public var body: Data
    /// The fault to play instead, if any.
    public var fault: Fault?
    /// Time to wait before answering (fixed, or global, plus any random distribution).
    public var delay: Duration
    /// How to dribble the body, if at all.
    public var chunkedDribble: ChunkedDribbleDelay?
    /// Set when the body goes out over time (server-sent events, body chunks) instead of `body`.
    public var stream: ResponseStream? = nil
    /// For a miss: the closest stubs, nearest first.
    public var nearMisses: [NearMiss]
    /// Set when the stub wants proxying; the transport that can proxy does it.
    public var proxy: ProxySettings?
    /// Set when the stub's response template failed to render (the response is then a 500 saying why).
    public var templateError: String? = nil
    /// The engine's gate that holds this answer until released, if the stub names one it adopted.
    public var gate: ResponseGate? = nil
    /// Set when a contract is installed and the request reached one of its operations: the
    /// response is checked against it once out.
    public var contract: ContractContext? = nil

    /// True when a stub matched.
    public var wasMatched: Bool { stub != nil }
}

/// The operation a served request reached, kept with its decision so the response can be checked.
public struct ContractContext: Sendable {
    /// The operation reached.
    public var operation: ContractOperationID
    /// The request's method.
    public var method: String
    /// The request's URL.
    public var url: String
}
