import Foundation
import UnderstudyJSON

/// What a stub answers: WireMock's `response` object.
public struct ResponseDefinition: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// The reason phrase, when not the standard one.
    public var statusMessage: String?
    /// Response headers in order; a name may repeat for multi-valued headers.
    public var headers: [NamedValues]
    /// The body, as text, JSON, bytes or a file name.
    public var body: ResponseBody?
    /// A fixed delay before answering.
    public var fixedDelayMilliseconds: Int?
    /// A random delay before answering.
    public var delayDistribution: DelayDistribution?
    /// Sends the body in pieces over a time.
    public var chunkedDribbleDelay: ChunkedDribbleDelay?
    /// A `text/event-stream` sent event by event (``ServerSentEvents``), instead of a body.
    public var serverSentEvents: ServerSentEvents?
    /// A body sent chunk by chunk, each after its delay (``BodyChunk``), instead of a body.
    public var bodyChunks: [BodyChunk]?
    /// A fault played instead of a response.
    public var fault: Fault?
    /// Our extension: a Digest challenge with a fresh nonce on every response (``DigestChallenge``).
    public var digestChallenge: DigestChallenge? = nil
    /// Forward to an upstream instead of answering.
    public var proxy: ProxySettings?
    /// Extensions to apply, e.g. `response-template`.
    public var transformers: [String]
    /// Parameters for them.
    public var transformerParameters: JSONObject?
    /// False only on the synthetic "not matched" response.
    public var fromConfiguredStub: Bool?

    /// A response; by default 200 with no body.
    public init(
        status: Int = 200,
        statusMessage: String? = nil,
        headers: [NamedValues] = [],
        body: ResponseBody? = nil,
        fixedDelayMilliseconds: Int? = nil,
        delayDistribution: DelayDistribution? = nil,
        chunkedDribbleDelay: ChunkedDribbleDelay? = nil,
        serverSentEvents: ServerSentEvents? = nil,
        bodyChunks: [BodyChunk]? = nil,
        fault: Fault? = nil,
        proxy: ProxySettings? = nil,
        transformers: [String] = [],
        transformerParameters: JSONObject? = nil,
        fromConfiguredStub: Bool? = nil
    ) {
        self.status = status
        self.statusMessage = statusMessage
        self.headers = headers
        self.body = body
        self.fixedDelayMilliseconds = fixedDelayMilliseconds
        self.delayDistribution = delayDistribution
        self.chunkedDribbleDelay = chunkedDribbleDelay
        self.serverSentEvents = serverSentEvents
        self.bodyChunks = bodyChunks
        self.fault = fault
        self.proxy = proxy
        self.transformers = transformers
        self.transformerParameters = transformerParameters
        self.fromConfiguredStub = fromConfiguredStub
    }

    /// The first value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.values.first
    }
}

/// A header name with one or more values. One value is written as a string, several as an array.
public struct NamedValues: Sendable, Hashable {
    /// The header name.
    public var name: String
    /// Its values, in order.
    public var values: [String]

    /// A header with several values.
    public init(_ name: String, _ values: [String]) {
        self.name = name
        self.values = values
    }

    /// A header with one value.
    public init(_ name: String, _ value: String) {
        self.init(name, [value])
    }
}

/// Where the response body comes from.
public enum ResponseBody: Sendable, Equatable {
    /// `body`: text.
    case text(String)
    /// `jsonBody`: a JSON value, written out as compact JSON.
    case json(JSONValue)
    /// `base64Body`: bytes.
    case binary(Data)
    /// `bodyFileName`: a path relative to `__files`.
    case file(String)
}

/// `delayDistribution`: a random delay added to the fixed one.
public enum DelayDistribution: Sendable, Equatable {
    /// Lognormal around `median` milliseconds with spread `sigma`, capped at `maxValue` when set.
    case lognormal(median: Double, sigma: Double, maxValue: Double?)
    /// Uniform between two bounds in milliseconds, inclusive.
    case uniform(lower: Int, upper: Int)
    /// Always this many milliseconds.
    case fixed(milliseconds: Int)

    /// One sample in milliseconds.
    public func sampleMilliseconds<G: RandomNumberGenerator>(using generator: inout G) -> Double {
        switch self {
        case .fixed(let ms):
            return Double(ms)
        case .uniform(let lower, let upper):
            guard upper > lower else { return Double(lower) }
            return Double(Int.random(in: lower...upper, using: &generator))
        case .lognormal(let median, let sigma, let maxValue):
            // Box-Muller gives a standard normal; exp(mu + sigma * z) with mu = ln(median).
            let u1 = Double.random(in: Double.leastNonzeroMagnitude..<1, using: &generator)
            let u2 = Double.random(in: 0..<1, using: &generator)
            let z = (-2 * Foundation.log(u1)).squareRoot() * cos(2 * .pi * u2)
            let value = median * exp(sigma * z)
            if let maxValue { return min(value, maxValue) }
            return value
        }
    }

    /// A sample in milliseconds from the system's random generator.
    public func sampleMilliseconds() -> Double {
        var generator = SystemRandomNumberGenerator()
        return sampleMilliseconds(using: &generator)
    }
}

/// `chunkedDribbleDelay`: the body goes out in `numberOfChunks` pieces over `totalDuration` ms.
public struct ChunkedDribbleDelay: Sendable, Hashable {
    /// How many pieces.
    public var numberOfChunks: Int
    /// Over how many milliseconds.
    public var totalDuration: Int

    /// A dribble of this many pieces over this many milliseconds.
    public init(numberOfChunks: Int, totalDuration: Int) {
        self.numberOfChunks = numberOfChunks
        self.totalDuration = totalDuration
    }
}

/// The socket-level faults WireMock can inject.
public enum Fault: String, Sendable, CaseIterable {
    /// Close with an RST (SO_LINGER 0).
    case connectionResetByPeer = "CONNECTION_RESET_BY_PEER"
    /// Close without sending a byte.
    case emptyResponse = "EMPTY_RESPONSE"
    /// Send status and headers, then garbage as a chunk, then close.
    case malformedResponseChunk = "MALFORMED_RESPONSE_CHUNK"
    /// Send garbage instead of a status line, then close.
    case randomDataThenClose = "RANDOM_DATA_THEN_CLOSE"
}

/// `proxyBaseUrl` and the options that go with it.
public struct ProxySettings: Sendable, Equatable {
    /// The upstream's base URL.
    public var baseURL: String
    /// A path prefix to cut before forwarding.
    public var urlPrefixToRemove: String?
    /// Headers added to the forwarded request.
    public var additionalRequestHeaders: [NamedValues]
    /// Headers removed from it.
    public var removeRequestHeaders: [String]

    /// Proxy settings.
    public init(
        baseURL: String, urlPrefixToRemove: String? = nil, additionalRequestHeaders: [NamedValues] = [],
        removeRequestHeaders: [String] = []
    ) {
        self.baseURL = baseURL
        self.urlPrefixToRemove = urlPrefixToRemove
        self.additionalRequestHeaders = additionalRequestHeaders
        self.removeRequestHeaders = removeRequestHeaders
    }
}
