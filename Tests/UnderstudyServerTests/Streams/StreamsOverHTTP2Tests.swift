import Foundation
import NIOHTTP2
import Testing
import UnderstudyCore

@testable import UnderstudyServer

/// Server-sent events and body chunks on HTTP/2 streams: the same bytes as DATA frames, faults
/// breaking only their own stream, and a stop ending an open stream.
@Suite(.timeLimit(.minutes(1))) struct StreamsOverHTTP2Tests {
    static let feed = stub(
        "/feed",
        #"{"serverSentEvents":{"events":[{"id":"1","data":"a"},{"id":"2","data":{"n":2},"delayMilliseconds":10}]}}"#)
    static let broken = stub(
        "/broken", #"{"serverSentEvents":{"events":[{"data":"a"},{"fault":"CONNECTION_RESET_BY_PEER"}]}}"#)
    static let chunks = stub("/chunks", #"{"bodyChunks":[{"text":"x"},{"text":"y","delayMilliseconds":10}]}"#)

    @Test func eventsAndChunksGoOutOnTheirStream() async throws {
        try await withServer([Self.feed, Self.chunks]) { server in
            try await HTTP2TestClient.with(port: server.port) { client in
                let events = try await client.send("GET", "/feed")
                #expect(events.status == 200)
                #expect(events.headers?.first(name: "content-type") == "text/event-stream")
                #expect(events.headers?.first(name: "cache-control") == "no-cache")
                #expect(events.bodyText == "id: 1\ndata: a\n\nid: 2\n" + #"data: {"n":2}"# + "\n\n")
                #expect(events.reset == nil)
                let resumed = try await client.send("GET", "/feed", headers: [("last-event-id", "1")])
                #expect(resumed.bodyText == "id: 2\n" + #"data: {"n":2}"# + "\n\n")
                #expect(try await client.send("GET", "/chunks").bodyText == "xy")
            }
        }
    }

    @Test func aFaultResetsOnlyItsStream() async throws {
        try await withServer([Self.broken, Self.chunks]) { server in
            try await HTTP2TestClient.with(port: server.port) { client in
                let broken = try await client.send("GET", "/broken")
                #expect(broken.bodyText == "data: a\n\n")
                #expect(broken.reset == .internalError)
                #expect(try await client.send("GET", "/chunks").bodyText == "xy")
            }
        }
    }

    @Test func stoppingTheServerEndsAnOpenStream() async throws {
        let engine = StubEngine()
        try engine.store.add(
            StubMapping(jsonText: stub("/open", #"{"serverSentEvents":{"events":[{"data":"hi"}],"keepOpen":true}}"#)))
        var configuration = quietConfiguration
        configuration.shutdownGracePeriod = .seconds(600)
        let server = try await StubHTTPServer.start(engine: engine, configuration: configuration)
        let exchange = try await HTTP2TestClient.with(port: server.port) { client in
            async let answer = client.send("GET", "/open")
            await engine.journal.waitForRequest(url: "/open")
            try await server.stop()
            return try await answer
        }
        #expect(exchange.bodyText == "data: hi\n\n")
        #expect(exchange.reset == nil)
    }
}
