import Foundation
import UnderstudyJSON

extension ServeEvent {
    /// Reads a serve event as ``json`` writes it: a fleet's shared journal keeps events so, and
    /// every server reads the others' back. What WireMock's JSON has no field for (a client
    /// certificate's subject) does not come back.
    public init(json value: JSONValue) throws(MappingError) {
        let reader = try FieldReader(value, at: "")
        guard let requestValue = reader.value("request") else {
            throw MappingError(pointer: "/request", title: "A serve event needs its request")
        }
        let request = try LoggedRequest(json: requestValue)
        let wasMatched = try reader.bool("wasMatched") ?? false
        let stub =
            try wasMatched
            ? reader.value("stubMapping").map { value throws(MappingError) in
                try StubMapping(json: value)
            } : nil
        let definition = try reader.value("responseDefinition").map { value throws(MappingError) in
            try ResponseDefinitionDecoder.decode(value, at: "/responseDefinition")
        }
        self.init(
            id: try reader.string("id").flatMap(UUID.init(uuidString:)) ?? request.id, request: request, stub: stub,
            responseDefinition: definition ?? ServeEvent.notMatchedResponse,
            response: try reader.value("response").map { value throws(MappingError) in
                try LoggedResponse(json: value)
            },
            timing: try reader.objectValue("timing").map { object throws(MappingError) in
                let timing = try FieldReader(.object(object), at: "/timing")
                return ServeTiming(
                    addedDelay: try timing.int("addedDelay") ?? 0, processTime: try timing.int("processTime") ?? 0,
                    responseSendTime: try timing.int("responseSendTime") ?? 0)
            },
            subEvents: try (reader.array("subEvents") ?? []).map { value throws(MappingError) in
                let sub = try FieldReader(value, at: "/subEvents")
                return SubEvent(type: try sub.string("type") ?? "", data: try sub.objectValue("data") ?? [:])
            })
    }
}

extension LoggedResponse {
    /// Reads a response as ``json`` writes it.
    public init(json value: JSONValue) throws(MappingError) {
        let reader = try FieldReader(value, at: "/response")
        let headers = HeaderFields(json: try reader.objectValue("headers") ?? [:])
        var body = Data()
        if let base64 = try reader.string("bodyAsBase64"), let data = Data(base64Encoded: base64) {
            body = data
        } else if let text = try reader.string("body") {
            body = Data(text.utf8)
        }
        self.init(
            status: try reader.int("status") ?? 200, headers: headers, body: body,
            fault: try reader.string("fault").flatMap(Fault.init(rawValue:)))
    }
}
