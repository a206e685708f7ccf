import Foundation
import UnderstudyCore
import UnderstudyJSON

/// `/__admin/message-mappings`, `/__admin/messages` and `/__admin/channels`: WireMock 4's
/// message stubs, message journal and open channels.
extension WireMockAdminAPI {
    /// The longest an admin wait blocks, whatever `timeoutMillis` asks (it holds a pool thread).
    static let longestMessageWait = Duration.seconds(60)

    static func runsAlongsideChanges(_ path: String) -> Bool {
        path.hasPrefix("/__admin/messages/wait")
    }

    static func addMessageMappingRoutes(to router: inout AdminRouter<WireMockAdminAPI>) {
        router.add("GET", "message-mappings") { api, _ in messageMappingList(api.engine.messages.stubs.stubs) }
        router.add("POST", "message-mappings") { try $0.createMessageMapping($1) }
        router.add("DELETE", "message-mappings") { api, _ in
            api.engine.messages.stubs.reset()
            return WireMockAdminAPI.ok
        }
        router.add("GET", "message-mappings/{id}") { api, call throws(AdminFailure) in
            let id = try call.uuid()
            guard let stub = api.engine.messages.stubs.stub(id: id) else {
                throw .notFound("No message stub mapping with id \(id.lowercasedString)")
            }
            return .json(stub.json)
        }
        router.add("PUT", "message-mappings/{id}") { try $0.editMessageMapping($1) }
        router.add("DELETE", "message-mappings/{id}") { api, call throws(AdminFailure) in
            let id = try call.uuid()
            guard api.engine.messages.stubs.remove(id: id) != nil else {
                throw .notFound("No message stub mapping with id \(id.lowercasedString)")
            }
            return WireMockAdminAPI.ok
        }
        router.add("POST", "message-mappings/find-by-metadata") { api, call throws(AdminFailure) in
            let pattern = try call.decode(StringValuePattern.init(json:))
            return messageMappingList(api.engine.messages.stubs.stubs(withMetadataMatching: pattern))
        }
        router.add("POST", "message-mappings/remove-by-metadata") { api, call throws(AdminFailure) in
            let pattern = try call.decode(StringValuePattern.init(json:))
            let doomed = Set(api.engine.messages.stubs.stubs(withMetadataMatching: pattern).map(\.id))
            api.engine.messages.stubs.removeAll { doomed.contains($0.id) }
            return WireMockAdminAPI.ok
        }
    }

    /// `{"messageMappings":[…],"meta":{"total":n}}`.
    static func messageMappingList(_ stubs: [MessageStubMapping]) -> AdminResponse {
        .json(["messageMappings": .array(stubs.map(\.json)), "meta": ["total": .int(stubs.count)]])
    }

    func createMessageMapping(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let stub = try call.decode(MessageStubMapping.init(json:))
        engine.messages.stubs.add(stub)
        return .json(stub.json, status: 201)
    }

    func editMessageMapping(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let id = try call.uuid()
        var stub = try call.decode(MessageStubMapping.init(json:))
        guard engine.messages.stubs.stub(id: id) != nil else {
            throw .notFound("No message stub mapping with id \(id.lowercasedString)")
        }
        stub.id = id
        engine.messages.stubs.add(stub)
        return .json(stub.json)
    }

    static func addMessageJournalRoutes(to router: inout AdminRouter<WireMockAdminAPI>) {
        router.add("GET", "messages") { api, _ in messageEventList(api.engine.messages.journal.events) }
        router.add("DELETE", "messages") { api, _ in
            api.engine.messages.journal.reset()
            return WireMockAdminAPI.ok
        }
        router.add("GET", "messages/{id}") { api, call throws(AdminFailure) in
            let id = try call.uuid()
            guard let event = api.engine.messages.journal.event(id: id) else {
                throw .notFound("No message event with id \(id.lowercasedString)")
            }
            return .json(["item": event.json])
        }
        router.add("DELETE", "messages/{id}") { api, call throws(AdminFailure) in
            api.engine.messages.journal.remove(id: try call.uuid())
            return WireMockAdminAPI.ok
        }
        router.add("POST", "messages/count") { api, call throws(AdminFailure) in
            let pattern = try call.decode(MessagePattern.init(json:))
            return .json(["count": .int(api.engine.messages.journal.count(matching: pattern))])
        }
        router.add("POST", "messages/find") { api, call throws(AdminFailure) in
            messageEventList(api.engine.messages.journal.events(matching: try call.decode(MessagePattern.init(json:))))
        }
        router.add("POST", "messages/remove") { api, call throws(AdminFailure) in
            let pattern = try call.decode(MessagePattern.init(json:))
            return messageEventList(api.engine.messages.journal.removeAll(where: pattern.matches))
        }
        router.add("POST", "messages/remove-by-metadata") { api, call throws(AdminFailure) in
            let pattern = try call.decode(StringValuePattern.init(json:))
            let removed = api.engine.messages.journal.removeAll { event in
                guard let metadata = event.stub?.metadata else { return false }
                return pattern.matches(JSONWriter.string(.object(metadata)))
            }
            return messageEventList(removed)
        }
        router.add("POST", "messages/wait") { api, call throws(AdminFailure) in
            let (pattern, timeout, _) = try waitRequest(call)
            let found = api.engine.messages.journal.waitBlocking(for: pattern, count: 1, timeout: timeout)
            return .json(["item": found.first?.json ?? .null])
        }
        router.add("POST", "messages/wait-for-count") { api, call throws(AdminFailure) in
            let (pattern, timeout, count) = try waitRequest(call)
            return messageEventList(
                api.engine.messages.journal.waitBlocking(for: pattern, count: count, timeout: timeout))
        }
    }

    /// `{"messageServeEvents":[…]}`.
    static func messageEventList(_ events: [MessageServeEvent]) -> AdminResponse {
        .json(["messageServeEvents": .array(events.map(\.json)), "messageJournalDisabled": false])
    }

    /// `{"pattern": {…}, "timeoutMillis": n, "count": n}`.
    static func waitRequest(_ call: AdminCall) throws(AdminFailure) -> (MessagePattern, Duration, Int) {
        let body = try call.json()
        guard let millis = body["timeoutMillis"]?.numberValue?.intValue, millis >= 0 else {
            throw .invalid(
                MappingError(
                    pointer: "/timeoutMillis", title: "Error parsing JSON",
                    detail: "A wait needs timeoutMillis, a number of milliseconds"))
        }
        let count = body["count"]?.numberValue?.intValue ?? 1
        guard count >= 1 else {
            throw .invalid(
                MappingError(pointer: "/count", title: "Error parsing JSON", detail: "count must be at least 1"))
        }
        var pattern = MessagePattern()
        if let value = body["pattern"], !value.isNull {
            do { pattern = try MessagePattern(json: value) } catch { throw .invalid(error) }
        }
        return (pattern, min(.milliseconds(millis), longestMessageWait), count)
    }

    static func addChannelRoutes(to router: inout AdminRouter<WireMockAdminAPI>) {
        router.add("GET", "channels") { api, _ in
            let channels = api.engine.messages.channels.all
            return .json(["channels": .array(channels.map(\.json)), "meta": ["total": .int(channels.count)]])
        }
        router.add("POST", "channels/send") { try $0.sendToChannels($1) }
    }

    /// `{"type":"websocket","initiatingRequest":{request pattern},"message":{"body":{"data":"…"}}}`.
    func sendToChannels(_ call: AdminCall) throws(AdminFailure) -> AdminResponse {
        let body = try call.json()
        let message: MessageBody
        var pattern: RequestPattern?
        do throws(MappingError) {
            if let type = body["type"]?.stringValue, type.lowercased() != "websocket" {
                throw MappingError(
                    pointer: "/type", title: "Error parsing JSON",
                    detail: "Unknown channel type '\(type)'; Understudy has websocket channels")
            }
            guard let definition = body["message"] else {
                throw MappingError(pointer: "/message", title: "Error parsing JSON", detail: "A send needs a message")
            }
            message = try MessageBody(json: definition, at: "/message")
            if let request = body["initiatingRequest"], !request.isNull {
                pattern = try RequestPattern(json: request)
            }
        } catch {
            throw .invalid(error)
        }
        let channels = engine.messages.send(message, toChannelsMatching: pattern)
        return .json(["channels": .array(channels.map(\.json)), "channelsMessaged": .int(channels.count)])
    }
}
