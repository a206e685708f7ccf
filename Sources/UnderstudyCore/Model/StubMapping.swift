import Foundation

/// One stub: a request pattern and the response to give, with WireMock's metadata.
public struct StubMapping: Sendable, Equatable, Identifiable {
    /// WireMock's default priority: 1 is highest; an absent priority counts as 5.
    public static let defaultPriority = 5

    public var id: UUID
    public var name: String?
    /// As written; `nil` means the default.
    public var priority: Int?
    public var persistent: Bool?
    public var metadata: JSONObject?
    public var scenarioName: String?
    public var requiredScenarioState: String?
    public var newScenarioState: String?
    public var request: RequestPattern
    public var response: ResponseDefinition
    /// Kept as written; the engine does not run them.
    public var postServeActions: JSONValue?
    public var serveEventListeners: JSONValue?

    public init(
        id: UUID = FastUUID.next(),
        name: String? = nil,
        priority: Int? = nil,
        persistent: Bool? = nil,
        metadata: JSONObject? = nil,
        scenarioName: String? = nil,
        requiredScenarioState: String? = nil,
        newScenarioState: String? = nil,
        request: RequestPattern = RequestPattern(),
        response: ResponseDefinition = ResponseDefinition(),
        postServeActions: JSONValue? = nil,
        serveEventListeners: JSONValue? = nil
    ) {
        self.id = id
        self.name = name
        self.priority = priority
        self.persistent = persistent
        self.metadata = metadata
        self.scenarioName = scenarioName
        self.requiredScenarioState = requiredScenarioState
        self.newScenarioState = newScenarioState
        self.request = request
        self.response = response
        self.postServeActions = postServeActions
        self.serveEventListeners = serveEventListeners
    }

    public var effectivePriority: Int { priority ?? Self.defaultPriority }
}

/// The state every scenario starts in.
public let scenarioStartedState = "Started"
