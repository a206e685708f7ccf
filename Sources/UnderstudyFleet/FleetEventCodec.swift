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
    static func encode(_ event: ServeEvent) -> String {
        let request = event.request
        var requestObject: JSONObject = [
            "id": .string(request.id.lowercasedString), "method": .string(request.method), "url": .string(request.url),
            "scheme": .string(request.scheme), "host": .string(request.host), "port": .int(request.port),
            "clientIp": .string(request.clientIP), "headers": request.headers.json,
            "loggedDate": .int(Int((request.loggedDate.timeIntervalSince1970 * 1000).rounded())),
            "protocol": .string(request.protocolVersion)
        ]
        if !request.body.isEmpty { requestObject["bodyAsBase64"] = .string(request.body.base64EncodedString()) }
        if request.browserProxyRequest { requestObject["browserProxyRequest"] = true }
        var object: JSONObject = [
            "id": .string(event.id.lowercasedString), "request": .object(requestObject),
            "status": .int(event.responseDefinition.status)
        ]
        if let stub = event.stub { object["stub"] = .string(stub.id.lowercasedString) }
        if let response = event.response {
            var responseObject: JSONObject = ["status": .int(response.status)]
            if !response.headers.isEmpty { responseObject["headers"] = response.headers.json }
            if !response.body.isEmpty { responseObject["bodyAsBase64"] = .string(response.body.base64EncodedString()) }
            if let fault = response.fault { responseObject["fault"] = .string(fault.rawValue) }
            object["response"] = .object(responseObject)
        }
        if let timing = event.timing {
            object["timing"] = [
                "addedDelay": .int(timing.addedDelay), "processTime": .int(timing.processTime),
                "responseSendTime": .int(timing.responseSendTime)
            ]
        }
        if !event.subEvents.isEmpty {
            object["subEvents"] = .array(event.subEvents.map { ["type": .string($0.type), "data": .object($0.data)] })
        }
        return JSONWriter.string(.object(object))
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
