import Foundation
import UnderstudyJSON

/// One stub: a request pattern and the response to give, with WireMock's metadata.
///
/// A value type whose fields live in one shared, immutable box: the server copies the matched
/// stub into its decision and its journal entry on every request, and copying a dozen nested
/// fields one retain at a time was a visible part of that cost. A change makes a new box.
public struct StubMapping: Sendable, Equatable, Identifiable {
    /// WireMock's default priority: 1 is highest; an absent priority counts as 5.
    public static let defaultPriority = 5

    struct Fields: Sendable, Equatable {
        var id: UUID
        var name: String?
        var priority: Int?
        var persistent: Bool?
        var metadata: JSONObject?
        var scenarioName: String?
        var requiredScenarioState: String?
        var newScenarioState: String?
        var request: RequestPattern
        var response: ResponseDefinition
        var postServeActions: JSONValue?
        var serveEventListeners: JSONValue?
    }

    private final class Box: Sendable {
        let fields: Fields
        let prebuilt: PrebuiltResponse
        /// Decoded once per change: the engine reads them on every answer of this stub.
        let webhooks: [Webhook]
        init(_ fields: Fields) {
            self.fields = fields
            webhooks =
                fields.serveEventListeners == nil && fields.postServeActions == nil
                ? []
                : (try? WebhookDecoder.webhooks(
                    serveEventListeners: fields.serveEventListeners, postServeActions: fields.postServeActions)) ?? []
            prebuilt = PrebuiltResponse(id: fields.id, name: fields.name, response: fields.response)
        }
    }

    private var box: Box

    private mutating func change(_ update: (inout Fields) -> Void) {
        var fields = box.fields
        update(&fields)
        box = Box(fields)
    }

    /// The stub's id (WireMock's `id` and `uuid`).
    public var id: UUID {
        _read { yield box.fields.id }
        set { change { $0.id = newValue } }
    }
    /// A name for people, shown in near misses and the dashboard.
    public var name: String? {
        _read { yield box.fields.name }
        set { change { $0.name = newValue } }
    }
    /// As written; `nil` means the default.
    public var priority: Int? {
        _read { yield box.fields.priority }
        set { change { $0.priority = newValue } }
    }
    /// Whether the admin API's save writes it to a mapping file.
    public var persistent: Bool? {
        _read { yield box.fields.persistent }
        set { change { $0.persistent = newValue } }
    }
    /// Free-form data, found by the admin API's metadata queries.
    public var metadata: JSONObject? {
        _read { yield box.fields.metadata }
        set { change { $0.metadata = newValue } }
    }
    /// The scenario this stub belongs to.
    public var scenarioName: String? {
        _read { yield box.fields.scenarioName }
        set { change { $0.scenarioName = newValue } }
    }
    /// The state the scenario must be in for this stub to match.
    public var requiredScenarioState: String? {
        _read { yield box.fields.requiredScenarioState }
        set { change { $0.requiredScenarioState = newValue } }
    }
    /// The state the scenario moves to once this stub answers.
    public var newScenarioState: String? {
        _read { yield box.fields.newScenarioState }
        set { change { $0.newScenarioState = newValue } }
    }
    /// What a request must look like.
    public var request: RequestPattern {
        _read { yield box.fields.request }
        set { change { $0.request = newValue } }
    }
    /// What to answer.
    public var response: ResponseDefinition {
        _read { yield box.fields.response }
        set { change { $0.response = newValue } }
    }
    /// Kept as written; the engine runs the `webhook` among them (see ``webhooks``).
    public var postServeActions: JSONValue? {
        _read { yield box.fields.postServeActions }
        set { change { $0.postServeActions = newValue } }
    }
    /// Kept as written; the engine runs the `webhook` among them (see ``webhooks``).
    public var serveEventListeners: JSONValue? {
        _read { yield box.fields.serveEventListeners }
        set { change { $0.serveEventListeners = newValue } }
    }

    /// A stub; a fresh id unless given, and every other field optional.
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
        box = Box(
            Fields(
                id: id, name: name, priority: priority, persistent: persistent, metadata: metadata,
                scenarioName: scenarioName,
                requiredScenarioState: requiredScenarioState, newScenarioState: newScenarioState, request: request,
                response: response,
                postServeActions: postServeActions, serveEventListeners: serveEventListeners))
    }

    /// For builders that set many fields (the decoder): one box at the end instead of one per field.
    init(fields: Fields) {
        box = Box(fields)
    }

    var fields: Fields { box.fields }

    public static func == (lhs: StubMapping, rhs: StubMapping) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    /// The priority, or 5 when none is set.
    public var effectivePriority: Int { priority ?? Self.defaultPriority }

    /// True when both values are the same stub, unchanged since one was copied from the other:
    /// a cheap identity test for a transport that keeps work done for a stub (an encoded
    /// response) and must know when it is stale.
    public func sharesStorage(with other: StubMapping) -> Bool { box === other.box }

    /// The webhooks this stub sends after answering (none when they are malformed: the decoder
    /// refuses such stubs, and ``decodedWebhooks()`` says why for one built by hand).
    public var webhooks: [Webhook] { box.webhooks }

    /// The response's headers and body as served without templating (see ``PrebuiltResponse``).
    var prebuiltResponse: PrebuiltResponse { box.prebuilt }

    /// The size of the body as served without templating; nil when it comes from a file (read
    /// when served). A transport uses it to keep large answers off a path that cannot pace them.
    package var inlineBodyByteCount: Int? { box.prebuilt.body?.count }
}

/// The state every scenario starts in.
public let scenarioStartedState = "Started"
