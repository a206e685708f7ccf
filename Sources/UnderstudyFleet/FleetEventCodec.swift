import Foundation
import UnderstudyCore
import UnderstudyJSON

/// How a serve event is kept in the shared journal: the request as received, the id of the stub
/// that answered, and what went out; not WireMock's whole serve event JSON.
///
/// Every node serves the same stubs, so a reader takes the stub back from its own store by id: a
/// row carries a few hundred bytes instead of the stub's JSON twice and the bodies twice, which is
/// most of what writing the journal costs a node serving at full speed. A stub removed since
/// comes back as its id alone, with the response's status as its response.
enum FleetEventCodec {
    ///
    /// Written member by member (``JSONObjectWriter``): a node writes one for every request it
    /// serves, and building a ``JSONValue`` tree first was most of what that cost.
    static func encode(_ event: ServeEvent) -> String {
        encode(FleetJournalRow(event))
    }

    /// The row's text.
    static func encode(_ event: FleetJournalRow) -> String {
        let request = event.request
        var object = JSONObjectWriter(capacity: 384 + request.body.count * 4 / 3)
        object.add("id", event.id.lowercasedString)
        object.addObject("request") { object in
            object.add("id", request.id.lowercasedString)
            object.add("method", request.method)
            object.add("url", request.url)
            object.add("scheme", request.scheme)
            object.add("host", request.host)
            object.add("port", request.port)
            object.add("clientIp", request.clientIP)
            add(request.headers, to: &object)
            object.add("loggedDate", Int((request.loggedDate.timeIntervalSince1970 * 1000).rounded()))
            object.add("protocol", request.protocolVersion)
            if !request.body.isEmpty { object.add("bodyAsBase64", request.body.base64EncodedString()) }
            if request.browserProxyRequest { object.add("browserProxyRequest", true) }
        }
        object.add("status", event.status)
        if let stub = event.stubID { object.add("stub", stub.lowercasedString) }
        if let response = event.response {
            object.addObject("response") { object in
                object.add("status", response.status)
                if !response.headers.isEmpty { add(response.headers, to: &object) }
                if !response.body.isEmpty { object.add("bodyAsBase64", response.body.base64EncodedString()) }
                if let fault = response.fault { object.add("fault", fault.rawValue) }
            }
        }
        if let timing = event.timing {
            object.addObject("timing") { object in
                object.add("addedDelay", timing.addedDelay)
                object.add("processTime", timing.processTime)
                object.add("responseSendTime", timing.responseSendTime)
            }
        }
        if !event.subEvents.isEmpty {
            object.add(
                "subEvents", .array(event.subEvents.map { ["type": .string($0.type), "data": .object($0.data)] }))
        }
        return object.finish()
    }

    /// WireMock's header shape (``HeaderFields/json``): each name once, its value a string, or an
    /// array when it repeats. Written directly when no name repeats, as in most requests.
    private static func add(_ headers: HeaderFields, to object: inout JSONObjectWriter) {
        let fields = headers.fields
        var repeats = false
        for i in fields.indices where !repeats {
            for j in fields.indices[(i + 1)...] where fields[i].name.equalsIgnoringASCIICase(fields[j].name) {
                repeats = true
                break
            }
        }
        guard !repeats else { return object.add("headers", headers.json) }
        object.addObject("headers") { object in
            for field in fields { object.add(field.name, field.value) }
        }
    }

    /// The event back, its stub from `store`.
    static func decode(_ text: String, store: StubStore) throws -> ServeEvent {
        let value = try JSONValue(parsing: text)
        guard case .object(let object) = value, let requestValue = object["request"],
            let id = object["id"]?.stringValue.flatMap(UUID.init(uuidString:))
        else { throw MappingError(title: "A shared journal entry without its id or request") }
        let request = try LoggedRequest(json: requestValue)
        let status = object["status"]?.numberValue?.intValue ?? 404
        var stub: StubMapping?
        if let stubID = object["stub"]?.stringValue.flatMap(UUID.init(uuidString:)) {
            stub =
                store.stub(id: stubID)
                ?? StubMapping(id: stubID, response: ResponseDefinition(status: status))
        }
        let definition =
            stub?.response
            ?? (status == 404
                ? ServeEvent.notMatchedResponse : ResponseDefinition(status: status, fromConfiguredStub: false))
        var event = ServeEvent(id: id, request: request, stub: stub, responseDefinition: definition)
        if let response = object["response"] { event.response = try LoggedResponse(json: response) }
        if case .object(let timing)? = object["timing"] {
            event.timing = ServeTiming(
                addedDelay: timing["addedDelay"]?.numberValue?.intValue ?? 0,
                processTime: timing["processTime"]?.numberValue?.intValue ?? 0,
                responseSendTime: timing["responseSendTime"]?.numberValue?.intValue ?? 0)
        }
        if case .array(let subEvents)? = object["subEvents"] {
            event.subEvents = subEvents.map { sub in
                SubEvent(type: sub["type"]?.stringValue ?? "", data: sub["data"]?.objectValue ?? [:])
            }
        }
        return event
    }
}
