import Foundation
import UnderstudyJSON

/// One message in the message journal: received on a channel or sent to one.
public struct MessageServeEvent: Sendable, Identifiable {
    /// WireMock's `eventType`.
    public enum Direction: String, Sendable {
        /// A message from the client.
        case received = "RECEIVED"
        /// A message to the client.
        case sent = "SENT"
    }

    /// The message's id.
    public var id: UUID
    /// Received or sent.
    public var direction: Direction
    /// The channel it went over.
    public var channelID: UUID
    private var shared: SharedRequest
    /// The request that opened the channel.
    public var channelRequest: LoggedRequest {
        get { shared.request }
        set { shared = SharedRequest(newValue) }
    }
    /// The message.
    public var message: MessageBody
    /// The stub that matched a received message, or that sent this one.
    public var stub: MessageStubMapping?
    /// When it was received or sent.
    public var timestamp: Date

    /// A journal entry for one message.
    public init(
        id: UUID = FastUUID.next(), direction: Direction, channelID: UUID, channelRequest: LoggedRequest,
        message: MessageBody, stub: MessageStubMapping?, timestamp: Date = Date()
    ) {
        self.init(
            id: id, direction: direction,
            channel: MessageChannel(id: channelID, request: channelRequest, openedAt: timestamp),
            message: message, stub: stub, timestamp: timestamp)
    }

    /// An event on an open channel, sharing its request.
    init(
        id: UUID = FastUUID.next(), direction: Direction, channel: MessageChannel, message: MessageBody,
        stub: MessageStubMapping?, timestamp: Date = Date()
    ) {
        self.id = id
        self.direction = direction
        self.channelID = channel.id
        self.shared = channel.shared
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
