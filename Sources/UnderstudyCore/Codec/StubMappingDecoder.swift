import Foundation
import UnderstudyJSON

extension StubMapping {
    /// Decodes one stub from WireMock JSON. Unknown keys are tolerated, `$schema` is ignored,
    /// and an `id` (or its alias `uuid`) that is absent, empty or null gets a fresh UUID.
    public init(json value: JSONValue) throws(MappingError) {
        self = try StubMappingDecoder.decode(value, at: "")
    }

    /// Decodes one stub from WireMock JSON text.
    public init(jsonText: String) throws(MappingError) {
        let value: JSONValue
        do { value = try JSONParser.parse(jsonText) } catch {
            throw MappingError(title: "Error parsing JSON", detail: error.description)
        }
        try self.init(json: value)
    }
}

enum StubMappingDecoder {
    static func decode(_ value: JSONValue, at pointer: String) throws(MappingError) -> StubMapping {
        // A key written twice: the last value counts, as Jackson reads it (`check` warns).
        let value = value.hasDuplicateKeys ? value.foldingDuplicateKeys() : value
        let reader = try FieldReader(value, at: pointer)
        // Fields first, the stub once at the end: each change to a stub makes a new box.
        var stub = StubMapping().fields
        for key in ["id", "uuid"] {
            guard let text = try reader.string(key), !text.isEmpty else { continue }
            guard let id = UUID(uuidString: text) else {
                throw MappingError(pointer: reader.path(key), title: "\(text) is not a valid UUID")
            }
            stub.id = id
            break
        }
        stub.name = try reader.string("name")
        // Any integer, as in WireMock: lower comes first, so 0 (and below) goes before 1.
        stub.priority = try reader.int("priority")
        stub.persistent = try reader.bool("persistent")
        stub.metadata = try reader.objectValue("metadata")
        stub.scenarioName = try reader.string("scenarioName")
        stub.requiredScenarioState = try reader.string("requiredScenarioState")
        stub.newScenarioState = try reader.string("newScenarioState")
        if let request = reader.value("request") {
            stub.request = try RequestPatternDecoder.decode(request, at: reader.path("request"))
        }
        if let response = reader.value("response") {
            stub.response = try ResponseDefinitionDecoder.decode(response, at: reader.path("response"))
        }
        stub.postServeActions = reader.value("postServeActions")
        stub.serveEventListeners = reader.value("serveEventListeners")
        // Kept raw for an exact round trip, but a malformed webhook is the author's error: say where.
        _ = try WebhookDecoder.webhooks(
            serveEventListeners: stub.serveEventListeners, postServeActions: stub.postServeActions, at: pointer)
        return StubMapping(fields: stub)
    }
}

extension RequestPattern {
    /// Decodes a WireMock request pattern (as the admin API's count, find and remove take it).
    public init(json value: JSONValue) throws(MappingError) {
        self = try RequestPatternDecoder.decode(value, at: "")
    }
}

extension StringValuePattern {
    /// Decodes one WireMock value matcher, e.g. `{"contains":"x"}`.
    public init(json value: JSONValue) throws(MappingError) {
        self = try StringValuePatternDecoder.decode(value, at: "")
    }
}
