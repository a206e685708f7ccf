import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyCore

/// `serverSentEvents` and `bodyChunks`: decoding, writing back unchanged, errors at a JSON
/// pointer, the event-stream framing, and what the engine decides for them.
@Suite struct StreamingMappingTests {
    static let sse =
        #"{"request":{"url":"/feed"},"response":{"status":200,"serverSentEvents":{"events":[{"id":"1","event":"delta","data":"Hel","delayMilliseconds":50},{"event":"delta","data":{"text":"lo"},"delayMilliseconds":50},{"comment":"keep-alive"},{"retry":2000,"data":"done"},{"fault":"CONNECTION_RESET_BY_PEER","delayMilliseconds":5}],"heartbeatMilliseconds":15000,"keepOpen":false}}}"#
    static let chunks =
        #"{"request":{"url":"/ndjson"},"response":{"status":200,"headers":{"Content-Type":"application/x-ndjson"},"bodyChunks":[{"text":"{\"n\":1}\n","delayMilliseconds":100},{"base64":"AAEC"}]}}"#

    @Test(arguments: [sse, chunks])
    func theResponseIsWrittenBackAsItWasWritten(_ text: String) throws {
        let stub = try StubMapping(jsonText: text)
        let written = try #require(JSONParser.parse(text)["response"])
        #expect(stub.response.json == written)
        #expect(try StubMapping(json: stub.json) == stub)
    }

    @Test func decodesEveryEventField() throws {
        let events = try #require(try StubMapping(jsonText: Self.sse).response.serverSentEvents)
        #expect(events.heartbeatMilliseconds == 15000)
        #expect(events.keepOpen == false)
        #expect(events.events[0] == ServerSentEvent(id: "1", event: "delta", data: "Hel", delayMilliseconds: 50))
        #expect(events.events[1].data == ["text": "lo"])
        #expect(events.events[2].comment == "keep-alive")
        #expect(events.events[3].retry == 2000)
        #expect(events.events[4].fault == .connectionResetByPeer)
    }

    @Test(arguments: [
        (#"{"serverSentEvents":{"events":{}}}"#, "/response/serverSentEvents/events"),
        (#"{"serverSentEvents":{}}"#, "/response/serverSentEvents/events"),
        (#"{"serverSentEvents":{"events":[],"keepopen":true}}"#, "/response/serverSentEvents/keepopen"),
        (
            #"{"serverSentEvents":{"events":[{"data":"a","delayMiliseconds":5}]}}"#,
            "/response/serverSentEvents/events/0/delayMiliseconds"
        ),
        (
            #"{"serverSentEvents":{"events":[{"data":"a"},{"data":"b","delayMilliseconds":-1}]}}"#,
            "/response/serverSentEvents/events/1/delayMilliseconds"
        ),
        (#"{"serverSentEvents":{"events":[{"fault":"EXPLODE"}]}}"#, "/response/serverSentEvents/events/0/fault"),
        (
            #"{"serverSentEvents":{"events":[{"fault":"EMPTY_RESPONSE","data":"x"}]}}"#,
            "/response/serverSentEvents/events/0/fault"
        ),
        (#"{"serverSentEvents":{"events":[{"delayMilliseconds":5}]}}"#, "/response/serverSentEvents/events/0"),
        (#"{"serverSentEvents":{"events":[{"id":"a\nb","data":"x"}]}}"#, "/response/serverSentEvents/events/0/id"),
        (
            #"{"serverSentEvents":{"events":[],"heartbeatMilliseconds":0}}"#,
            "/response/serverSentEvents/heartbeatMilliseconds"
        ),
        (#"{"serverSentEvents":{"events":[]},"body":"x"}"#, "/response/serverSentEvents"),
        (#"{"bodyChunks":[{"text":"a","base64":"AA=="}]}"#, "/response/bodyChunks/0"),
        (#"{"bodyChunks":[{"text":"a"},{}]}"#, "/response/bodyChunks/1"),
        (#"{"bodyChunks":[{"txt":"a"}]}"#, "/response/bodyChunks/0/txt"),
        (#"{"bodyChunks":[{"base64":"!!!"}]}"#, "/response/bodyChunks/0/base64"),
        (#"{"bodyChunks":[],"chunkedDribbleDelay":{"numberOfChunks":2,"totalDuration":10}}"#, "/response/bodyChunks"),
        (#"{"bodyChunks":{}}"#, "/response/bodyChunks")
    ])
    func mistakesAreReportedAtTheirJSONPointer(_ response: String, _ pointer: String) throws {
        do {
            _ = try StubMapping(jsonText: #"{"request":{},"response":"# + response + "}")
            Issue.record("expected an error for \(response)")
        } catch {
            #expect(error.pointer == pointer, "\(error)")
            #expect(error.detail?.isEmpty == false)
        }
    }

    @Test func textDataGoesOutOneDataLinePerLine() {
        let event = ServerSentEvent(id: "7", event: "note", data: "one\ntwo\r\nthree", comment: "c", retry: 10)
        #expect(event.wireText == ": c\nid: 7\nevent: note\nretry: 10\ndata: one\ndata: two\ndata: three\n\n")
    }

    @Test func jsonDataGoesOutCompactOnOneLine() {
        let event = ServerSentEvent(data: ["text": "a\nb", "n": [1, 2]])
        #expect(event.wireText == #"data: {"text":"a\nb","n":[1,2]}"# + "\n\n")
    }

    @Test func aCommentAloneDispatchesNoEvent() {
        #expect(ServerSentEvent(comment: "one\ntwo").wireText == ": one\n: two\n")
    }

    @Test func aFaultSendsNothing() {
        #expect(ServerSentEvent(fault: .emptyResponse).wireText == nil)
    }

    @Test func lastEventIDSkipsTheEventsAlreadySeen() {
        let stream = ServerSentEvents(events: [
            ServerSentEvent(id: "1", data: "a"), ServerSentEvent(data: "b"), ServerSentEvent(id: "2", data: "c")
        ])
        #expect(stream.events(after: "1").map(\.data) == ["b", "c"])
        #expect(stream.events(after: "2").isEmpty)
        #expect(stream.events(after: "unknown").count == 3)
        #expect(stream.events(after: nil).count == 3)
    }

    @Test func anEventStreamGetsItsContentTypeAndNoCacheUnlessTheStubSetsThem() throws {
        let engine = StubEngine()
        try engine.store.add(StubMapping(jsonText: Self.sse))
        try engine.store.add(
            StubMapping(
                jsonText:
                    #"{"request":{"url":"/own"},"response":{"headers":{"Content-Type":"text/event-stream; charset=utf-8"},"serverSentEvents":{"events":[]}}}"#
            ))
        let feed = try #require(engine.decide(LoggedRequest(method: "GET", url: "/feed"), capabilities: .inline).run())
        #expect(feed.headers.first("Content-Type") == "text/event-stream")
        #expect(feed.headers.first("Cache-Control") == "no-cache")
        #expect(feed.stream != nil)
        let own = try #require(engine.decide(LoggedRequest(method: "GET", url: "/own"), capabilities: .inline).run())
        #expect(own.headers.values("Content-Type") == ["text/event-stream; charset=utf-8"])
    }

    @Test func aTransportThatCannotStreamPassesTheStubOver() throws {
        let engine = StubEngine()
        try engine.store.add(StubMapping(jsonText: Self.chunks))
        let request = LoggedRequest(method: "GET", url: "/ndjson")
        guard case .declined = engine.decide(request, capabilities: .atOnce) else {
            Issue.record("a fast path that renders nothing must decline a streamed stub")
            return
        }
        #expect(
            engine.decide(request, capabilities: .inline).run()?.stream
                == .chunks(
                    try #require(
                        try StubMapping(jsonText: Self.chunks).response.bodyChunks)))
    }

    @Test func templatedEventsAndChunksRenderAgainstTheRequest() throws {
        let engine = StubEngine()
        try engine.store.add(
            StubMapping(
                jsonText:
                    #"{"request":{"urlPath":"/t"},"response":{"transformers":["response-template"],"serverSentEvents":{"events":[{"id":"{{request.query.n}}","data":"hi {{request.query.n}}"},{"data":{"echo":"{{request.query.n}}"}}]}}}"#
            ))
        let decision = try #require(
            engine.decide(LoggedRequest(method: "GET", url: "/t?n=5"), capabilities: .inline).run())
        guard case .serverSentEvents(let stream)? = decision.stream else {
            Issue.record("expected server-sent events")
            return
        }
        #expect(stream.events[0].data == "hi 5")
        #expect(stream.events[0].id == "{{request.query.n}}")  // only data is templated
        #expect(stream.events[1].data == ["echo": "5"])
    }

    @Test func checkingTemplatesNamesTheEventAndChunk() throws {
        let stub = try StubMapping(
            jsonText:
                #"{"request":{},"response":{"transformers":["response-template"],"serverSentEvents":{"events":[{"data":"ok"},{"data":{"a":"{{#if}}"}}]}}}"#
        )
        let problems = ResponseTemplater().validate(stub.response).map(\.pointer)
        #expect(problems == ["/response/serverSentEvents/events/1/data/a"])
        let chunked = try StubMapping(
            jsonText: #"{"request":{},"response":{"bodyChunks":[{"text":"{{#each}}"}]}}"#)
        #expect(ResponseTemplater().validate(chunked.response).map(\.pointer) == ["/response/bodyChunks/0/text"])
    }
}
