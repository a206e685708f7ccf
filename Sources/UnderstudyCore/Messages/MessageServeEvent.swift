import Foundation
import UnderstudyJSON

/// One message in the message journal: received on a channel or sent to one.
public struct MessageServeEvent: Sendable, Identifiable {
    /// WireMock's `eventType`.
    public enum Direction: String, Sendable {
        case received = "RECEIVED"
        case sent = "SENT"
    }

    public var id: UUID
    public var direction: Direction
    public var channelID: UUID
    /// The request that opened the channel.
    public var channelRequest: LoggedRequest
    public var message: MessageBody
    /// The stub that matched a received message, or that sent this one.
    public var stub: MessageStubMapping?
    public var timestamp: Date

    public init(
        id: UUID = FastUUID.next(), direction: Direction, channelID: UUID, channelRequest: LoggedRequest,
        message: MessageBody, stub: MessageStubMapping?, timestamp: Date = Date()
    ) {
        self.id = id
        self.direction = direction
        self.channelID = channelID
        self.channelRequest = channelRequest
        self.message = message
        self.stub = stub
        self.timestamp = timestamp
    }

    /// WireMock's message serve event JSON.
    public var json: JSONValue {
        var object: JSONObject = [
            "id": .string(id.lowercasedString),
            "eventType": .string(direction.rawValue),
            "channelType": "websocket",
            "channelId": .string(channelID.lowercasedString),
            "channelRequest": channelRequest.json,
            "message": .string(message.journalText)
        ]
        if case .binary = message { object["isBinary"] = true }
        if let stub { object["stubMapping"] = stub.json }
        object["wasMatched"] = .bool(stub != nil)
        object["timestamp"] = .string(ISO8601.string(timestamp))
        object["subEvents"] = .array([])
        return .object(object)
    }
}
