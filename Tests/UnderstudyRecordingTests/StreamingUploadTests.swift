import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyRecording
import UnderstudyServer

/// Large request bodies bound for a proxy stub stream to the upstream: the upstream sees the first
/// part of the body while the client still holds the rest (the client sends it only once the
/// upstream has signalled the first part). A proxy that read the body whole first would never
/// forward anything, and the time limit fails the test.
@Suite(.timeLimit(.minutes(1))) struct StreamingUploadTests {
    static let firstPart = String(repeating: "a", count: 4096)
    static let rest = String(repeating: "b", count: 100_000) + "|end"

    enum Framing: CaseIterable {
        case contentLength, chunked
    }

    static func head(_ framing: Framing) -> String {
        let length = firstPart.utf8.count + rest.utf8.count
        let framingHeader = framing == .chunked ? "Transfer-Encoding: chunked" : "Content-Length: \(length)"
        return "POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n\(framingHeader)\r\n\r\n"
    }

    static func encoded(_ part: String, _ framing: Framing) -> String {
        framing == .chunked ? String(part.utf8.count, radix: 16) + "\r\n" + part + "\r\n" : part
    }

    @Test(arguments: Framing.allCases)
    func theUpstreamGetsTheFirstPartBeforeTheClientHasSentTheRest(framing: Framing) async throws {
        let upstream = try await UploadUpstream.start(firstPartBytes: Self.firstPart.utf8.count)
        let proxy = try await startServer(
            [#"{"response":{"proxyBaseUrl":"\#(upstream.baseURL)"}}"#], proxy: AsyncHTTPProxyForwarder())
        try await withServers([proxy]) {
            try await RawClient.with(port: proxy.port) { client in
                try await client.send(Self.head(framing) + Self.encoded(Self.firstPart, framing))
                try await upstream.firstPart.get()
                try await client.send(Self.encoded(Self.rest, framing) + (framing == .chunked ? "0\r\n\r\n" : ""))
                let total = Self.firstPart.utf8.count + Self.rest.utf8.count
                #expect(try await client.read(until: "received \(total) bytes"))
                #expect(client.text.hasPrefix("HTTP/1.1 200"))
            }
        }
        let received = try await upstream.ended.get()
        #expect(received == Array((Self.firstPart + Self.rest).utf8))
        try await upstream.stop()
        // The journal has the whole request body, teed on the way through.
        let event = try #require(proxy.engine.journal.events.first)
        #expect(event.request.body == Data((Self.firstPart + Self.rest).utf8))
        #expect(event.response?.status == 200)
        #expect(event.subEvents.isEmpty)
    }

    @Test func aStubThatReadsTheBodyInFrontGetsTheWholeBodyFirst() async throws {
        let upstream = try await UploadUpstream.start(firstPartBytes: 1)
        let proxy = try await startServer(
            [
                #"{"priority":5,"response":{"proxyBaseUrl":"\#(upstream.baseURL)"}}"#,
                #"{"priority":1,"request":{"method":"POST","bodyPatterns":[{"contains":"needle|end"}]},"response":{"status":201,"body":"matched"}}"#
            ], proxy: AsyncHTTPProxyForwarder())
        let big = String(repeating: "x", count: 100_000)
        try await withServers([proxy]) {
            let matched = try await fetch("POST", proxy.baseURL, "/upload", body: Data((big + "needle|end").utf8))
            #expect(matched.status == 201)
            #expect(matched.text == "matched")
            #expect(upstream.requestCount == 0)
            // The same stubs, a body the front stub does not want: proxied, whole.
            let proxied = try await fetch("POST", proxy.baseURL, "/upload", body: Data((big + "|end").utf8))
            #expect(proxied.text == "received \(big.utf8.count + 4) bytes")
        }
        #expect(try await upstream.ended.get().count == big.utf8.count + 4)
        try await upstream.stop()
    }

    @Test func aRecordingOfAStreamedUploadMatchesItsWholeBody() async throws {
        let folder = try TemporaryFolder()
        let body = String(repeating: "record me ", count: 10_000) + "|end"
        let upstream = try await startServer([
            #"{"request":{"method":"POST","url":"/upload","bodyPatterns":[{"contains":"|end"}]},"response":{"body":"stored","headers":{"Content-Type":"text/plain"}}}"#
        ])
        let server = try await startServer([], admin: true, root: folder.directory, proxy: AsyncHTTPProxyForwarder())
        try await withServers([server, upstream]) {
            let spec = #"{"targetBaseUrl":"\#(upstream.baseURL.absoluteString)","persist":false}"#
            #expect(
                try await fetch("POST", server.baseURL, "/__admin/recordings/start", body: Data(spec.utf8)).status
                    == 200)
            let reply = try await fetch(
                "POST", server.baseURL, "/upload", body: Data(body.utf8), headers: ["Content-Type": "text/plain"])
            #expect(reply.text == "stored")
            let event = try #require(server.engine.journal.events.first { $0.request.url == "/upload" })
            #expect(event.request.body == Data(body.utf8))
            let stopped = try JSONParser.parse(try await fetch("POST", server.baseURL, "/__admin/recordings/stop").body)
            let mappings = try #require(stopped["mappings"]?.arrayValue)
            #expect(mappings.count == 1)
            #expect(mappings.first?["request"]?["bodyPatterns"]?.arrayValue?.first?["equalTo"] == .string(body))
        }
    }

    @Test func aClientThatLeavesMidUploadEndsTheUpstreamRequest() async throws {
        let upstream = try await UploadUpstream.start(firstPartBytes: Self.firstPart.utf8.count)
        let proxy = try await startServer(
            [#"{"response":{"proxyBaseUrl":"\#(upstream.baseURL)"}}"#], proxy: AsyncHTTPProxyForwarder())
        try await withServers([proxy]) {
            try await RawClient.with(port: proxy.port) { client in
                try await client.send(Self.head(.contentLength) + Self.firstPart)
                try await upstream.firstPart.get()
            }
            // The client has gone: the upstream's request breaks off rather than hanging or ending.
            try await upstream.brokeOff.get()
            // The proxy journals the request once the upstream has seen the break, which can be
            // after `brokeOff` here: wait for the entry on the journal's notifications.
            let event = try #require(
                await Self.entry(in: proxy.engine.journal, url: "/upload", with: "PROXY_REQUEST_BODY_BROKEN"))
            #expect(event.request.body == Data(Self.firstPart.utf8))
            // And the server carries on.
            #expect(
                try await fetch("POST", proxy.baseURL, "/small", body: Data("tiny".utf8)).text == "received 4 bytes")
        }
        try await upstream.stop()
    }

    /// The journal's entry for `url` once it carries a sub-event of `type`, waiting on the
    /// journal's notifications (the suite's time limit bounds the wait).
    static func entry(in journal: RequestJournal, url: String, with type: String) async -> ServeEvent? {
        let (changes, continuation) = AsyncStream<Void>.makeStream()
        let tokens = [
            journal.observe { _ in continuation.yield() },
            journal.observeSubEvents { _, _ in continuation.yield() },
            journal.observeCompletions { _ in continuation.yield() }
        ]
        defer { for token in tokens { token.cancel() } }
        func found() -> ServeEvent? {
            journal.events.first { $0.request.url == url && $0.subEvents.contains { $0.type == type } }
        }
        if let event = found() { return event }
        for await _ in changes {
            if let event = found() { return event }
        }
        return nil
    }
}
