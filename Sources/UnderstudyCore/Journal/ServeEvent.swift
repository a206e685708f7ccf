import Foundation
import UnderstudyJSON

/// One request the stub world received and what it did with it: WireMock's serve event.
public struct ServeEvent: Sendable, Identifiable {
    /// The event's id (the admin API's `id`).
    public var id: UUID
    /// The request as received.
    public var request: LoggedRequest
    /// The stub that answered, or nil when nothing matched.
    public var stub: StubMapping?
    /// What the stub asked for (or the synthetic 404 when unmatched).
    public var responseDefinition: ResponseDefinition
    /// What went out on the wire, once known.
    public var response: LoggedResponse?
    /// How long each stage took, once known.
    public var timing: ServeTiming?
    /// Notes on the way: warnings, errors, the not-matched report.
    public var subEvents: [SubEvent]

    /// True when a stub answered.
    public var wasMatched: Bool { stub != nil }

    /// An event with these parts.
    public init(
        id: UUID = FastUUID.next(), request: LoggedRequest, stub: StubMapping?, responseDefinition: ResponseDefinition,
        response: LoggedResponse? = nil, timing: ServeTiming? = nil, subEvents: [SubEvent] = []
    ) {
        self.id = id
        self.request = request
        self.stub = stub
        self.responseDefinition = responseDefinition
        self.response = response
        self.timing = timing
        self.subEvents = subEvents
    }

    /// WireMock's response definition for a request that matched nothing.
    public static let notMatchedResponse = ResponseDefinition(status: 404, fromConfiguredStub: false)
}

/// The response as sent.
public struct LoggedResponse: Sendable, Equatable {
    /// The status code sent.
    public var status: Int
    /// The headers sent.
    public var headers: HeaderFields
    /// The body sent.
    public var body: Data
    /// The fault played instead of a response, if any.
    public var fault: Fault?

    /// A response with these parts.
    public init(status: Int, headers: HeaderFields = HeaderFields(), body: Data = Data(), fault: Fault? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.fault = fault
    }
}

/// Milliseconds spent on each stage, as WireMock reports them.
public struct ServeTiming: Sendable, Equatable {
    /// The stub's delay.
    public var addedDelay: Int
    /// Time to pick and build the response.
    public var processTime: Int
    /// Time to write it.
    public var responseSendTime: Int

    /// Timings in milliseconds.
    public init(addedDelay: Int = 0, processTime: Int = 0, responseSendTime: Int = 0) {
        self.addedDelay = addedDelay
        self.processTime = processTime
        self.responseSendTime = responseSendTime
    }

    /// Processing plus sending.
    public var serveTime: Int { processTime + responseSendTime }
    /// Delay plus serving.
    public var totalTime: Int { addedDelay + serveTime }
}
