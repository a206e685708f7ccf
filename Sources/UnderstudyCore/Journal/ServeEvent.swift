import Foundation
import UnderstudyJSON

/// One request the stub world received and what it did with it: WireMock's serve event.
public struct ServeEvent: Sendable, Identifiable {
    public var id: UUID
    public var request: LoggedRequest
    /// The stub that answered, or nil when nothing matched.
    public var stub: StubMapping?
    /// What the stub asked for (or the synthetic 404 when unmatched).
    public var responseDefinition: ResponseDefinition
    /// What went out on the wire, once known.
    public var response: LoggedResponse?
    public var timing: ServeTiming?
    /// Notes on the way: warnings, errors, the not-matched report.
    public var subEvents: [SubEvent]

    public var wasMatched: Bool { stub != nil }

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
    public var status: Int
    public var headers: HeaderFields
    public var body: Data
    public var fault: Fault?

    public init(status: Int, headers: HeaderFields = HeaderFields(), body: Data = Data(), fault: Fault? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.fault = fault
    }
}

/// Milliseconds spent on each stage, as WireMock reports them.
public struct ServeTiming: Sendable, Equatable {
    public var addedDelay: Int
    public var processTime: Int
    public var responseSendTime: Int

    public init(addedDelay: Int = 0, processTime: Int = 0, responseSendTime: Int = 0) {
        self.addedDelay = addedDelay
        self.processTime = processTime
        self.responseSendTime = responseSendTime
    }

    public var serveTime: Int { processTime + responseSendTime }
    public var totalTime: Int { addedDelay + serveTime }
}

/// A note attached to a serve event (WireMock 4.x `subEvents`).
public struct SubEvent: Sendable, Equatable {
    public var type: String
    public var data: JSONObject

    public init(type: String, data: JSONObject) {
        self.type = type
        self.data = data
    }
}
