// Backs the article "Streaming: Server-Sent Events and WebSocket"
// (Sources/Understudy/Understudy.docc/Streaming.md).
import Foundation
import Testing
import Understudy

@Suite struct StreamingSnippets {
    // Backs Streaming.md, listing "sse".
    @Test func serverSentEvents() async throws {
        try await withStubServer { server in
            server.stub(
                .get("/v1/feed"),
                .sse([
                    .event(id: "1", event: "delta", data: "Hel"),
                    .event(event: "delta", data: ["text": "lo"]).after(.milliseconds(20)),
                    .comment("keep-alive")
                ]))
            let (status, text) = try await fetch(try server.url("/v1/feed"), session: server.session)
            #expect(status == 200)
            #expect(text.hasPrefix("id: 1\nevent: delta\ndata: Hel\n\n"))
        }
    }

    // Backs Streaming.md, listing "held".
    @Test func heldEvents() async throws {
        try await withStubServer { server in
            let chat = server.stub(.get("/v1/chat"), .sse([.event(data: "Hel"), .event(data: "lo").held()]))
            let reading = Task { try await fetch(try server.url("/v1/chat"), session: server.session) }
            try await chat.waitUntilHolding(1)  // "Hel" is out; "lo" waits for the test
            chat.release(count: 1)  // its delay, if it has one, counts from here
            #expect(try await reading.value.text == "data: Hel\n\ndata: lo\n\n")
        }
    }

    // Backs Streaming.md, listing "chunks".
    @Test func bodyChunks() async throws {
        try await withStubServer { server throws in
            server.stub(
                .get("/v1/jobs"), .chunks([.text("{\"n\":1}\n"), .text("{\"n\":2}\n").after(.milliseconds(20))]))
            #expect(
                try await fetch(try server.url("/v1/jobs"), session: server.session).text == "{\"n\":1}\n{\"n\":2}\n")
        }
    }

    // Backs Streaming.md, listing "websocket".
    @Test func messageStubs() async throws {
        try await withStubServer { server in
            try server.stub(
                message: .onMessage(
                    .contains("hello"), channel: .get("/chat"), .send("hi there"),
                    .close(code: 4000, reason: "bye", after: .seconds(1))))
            try server.stub(message: .onOpen(channel: .get("/feed"), .send("welcome")))
            #expect(server.messageStubs.count == 2)
            #expect(server.channels.isEmpty)  // no client has connected yet
            #expect(server.send(.text("pushed"), to: .get("/feed")).isEmpty)  // so nobody got it
            try server.verify(messages: MessagePattern(channel: .get("/chat")), .never)
        }
    }

    // Backs Streaming.md, listing "websocket-in-process".
    @Test func messageStubsNeedTheServer() async throws {
        try await withInProcessStubs { stubs in
            #expect(throws: MessageStubsNeedTheServer.self) {
                try stubs.stub(message: .onOpen(.send("hi")))
            }
            #expect(stubs.messageStubs.isEmpty)
        }
    }
}
