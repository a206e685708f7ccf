import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON

@testable import UnderstudyFleet

/// A serve event through the shared journal's row format and back, no database: what a reader
/// on another node rebuilds must be what this node served.
struct FleetEventCodecTests {
    static func served(stub: StubMapping) -> ServeEvent {
        var headers = HeaderFields()
        headers.add("Host", "api.example.com:8443")
        headers.add("Accept", "application/json")
        headers.add("X-Note", "a \"quoted\" \\ value\twith a tab")
        headers.add("accept", "text/plain")  // repeated, another case: one name, two values
        let request = LoggedRequest(
            method: "POST", url: "/orders?id=7&name=caf%C3%A9", scheme: "https", host: "api.example.com", port: 8443,
            clientIP: "10.0.0.9", headers: headers, body: Data("{\"café\":1}\u{0}".utf8),
            loggedDate: Date(timeIntervalSince1970: 1_790_000_000.123), protocolVersion: "HTTP/2.0",
            browserProxyRequest: true)
        var responseHeaders = HeaderFields()
        responseHeaders.add("Content-Type", "application/json")
        return ServeEvent(
            request: request, stub: stub, responseDefinition: stub.response,
            response: LoggedResponse(status: 201, headers: responseHeaders, body: Data([0xFF, 0x00, 0x7B])),
            timing: ServeTiming(addedDelay: 5, processTime: 2, responseSendTime: 1),
            subEvents: [SubEvent(type: "WARNING", data: ["message": "near \"miss\"", "count": 2])])
    }

    @Test func anEventComesBackAsServedWithItsStubFromTheReadersStore() throws {
        let stub = StubMapping(response: ResponseDefinition(status: 201))
        let store = StubStore()
        try store.add(stub)
        let event = Self.served(stub: stub)

        let text = FleetEventCodec.encode(event)
        let back = try FleetEventCodec.decode(text, store: store)

        #expect(back.id == event.id)
        #expect(back.stub?.id == stub.id)
        #expect(back.request.method == "POST")
        #expect(back.request.url == event.request.url)
        #expect(back.request.scheme == "https")
        #expect(back.request.host == "api.example.com")
        #expect(back.request.port == 8443)
        #expect(back.request.clientIP == "10.0.0.9")
        #expect(back.request.body == event.request.body)
        #expect(back.request.protocolVersion == "HTTP/2.0")
        #expect(back.request.browserProxyRequest)
        #expect(back.request.loggedDate.timeIntervalSince1970 == 1_790_000_000.123)
        #expect(back.request.headers.values("accept") == ["application/json", "text/plain"])
        #expect(back.request.headers.values("x-note") == ["a \"quoted\" \\ value\twith a tab"])
        #expect(back.request.headers.values("host") == ["api.example.com:8443"])
        #expect(back.response == event.response)
        #expect(back.timing?.addedDelay == 5)
        #expect(back.timing?.processTime == 2)
        #expect(back.timing?.responseSendTime == 1)
        #expect(back.subEvents == event.subEvents)
    }

    @Test func anUnmatchedEventAndOneWhoseStubIsGoneKeepTheirStatus() throws {
        var unmatched = ServeEvent(
            request: LoggedRequest(
                method: "GET", url: "/nothing", headers: ["User-Agent": "curl/8.5", "Accept": "*/*"]),
            stub: nil,
            responseDefinition: ServeEvent.notMatchedResponse)
        unmatched.response = LoggedResponse(status: 404)
        let back = try FleetEventCodec.decode(FleetEventCodec.encode(unmatched), store: StubStore())
        #expect(back.stub == nil)
        #expect(back.request.headers.fields.map(\.name) == ["User-Agent", "Accept"])
        #expect(back.request.headers.values("user-agent") == ["curl/8.5"])
        #expect(back.responseDefinition.status == 404)
        #expect(back.response?.status == 404)
        #expect(back.timing == nil)
        #expect(back.subEvents.isEmpty)

        let gone = StubMapping(response: ResponseDefinition(status: 418))
        let event = ServeEvent(
            request: LoggedRequest(method: "GET", url: "/tea"), stub: gone, responseDefinition: gone.response)
        let read = try FleetEventCodec.decode(FleetEventCodec.encode(event), store: StubStore())
        #expect(read.stub?.id == gone.id)
        #expect(read.responseDefinition.status == 418)
        #expect(read.response == nil)
    }

    /// The row is JSON another reader (a human with psql, an older node) can read: WireMock's
    /// header shape, one string per header and an array for a repeated one.
    @Test func theRowIsPlainJSONWithWireMocksHeaderShape() throws {
        let stub = StubMapping(response: ResponseDefinition(status: 201))
        let text = FleetEventCodec.encode(Self.served(stub: stub))
        let value = try JSONValue(parsing: text)
        let headers = value["request"]?["headers"]
        #expect(headers?["Accept"] == .array([.string("application/json"), .string("text/plain")]))
        #expect(headers?["Host"] == .string("api.example.com:8443"))
        #expect(value["status"] == .int(201))
        #expect(value["stub"] == .string(stub.id.lowercasedString))
    }
}
