import Foundation
import Testing
import UnderstudyCore

@testable import UnderstudyServer

/// The fast path for plain requests (``PlainRequestFastPath``) must be invisible: the same
/// requests sent to a server with it and to one without it get the same response bytes, the
/// same journal entries and the same scenario states. Each case also says which path must
/// answer it, so a fast path that never engages (or engages where it must not) fails here.
@Suite struct FastPathAgreementTests {
    static let stubs = [
        #"{"id":"00000000-0000-0000-0000-000000000001","request":{"method":"GET","url":"/hello"},"response":{"status":200,"body":"Hello, world!","headers":{"Content-Type":"text/plain"}}}"#,
        #"{"id":"00000000-0000-0000-0000-000000000002","name":"Named JSON","request":{"method":"GET","urlPath":"/json","queryParameters":{"q":{"equalTo":"a b"}}},"response":{"status":418,"statusMessage":"Brewing","jsonBody":{"n":[1,2]},"headers":{"Set-Cookie":["a=1","b=2"]}}}"#,
        #"{"id":"00000000-0000-0000-0000-000000000003","request":{"method":"POST","url":"/echo","bodyPatterns":[{"equalToJson":{"x":1}}]},"response":{"status":201,"base64Body":"AAEC/w=="}}"#,
        #"{"id":"00000000-0000-0000-0000-000000000004","scenarioName":"steps","requiredScenarioState":"Started","newScenarioState":"second","request":{"method":"GET","url":"/step"},"response":{"body":"one"}}"#,
        #"{"id":"00000000-0000-0000-0000-000000000005","scenarioName":"steps","requiredScenarioState":"second","request":{"method":"GET","url":"/step"},"response":{"body":"two"}}"#,
        #"{"id":"00000000-0000-0000-0000-000000000006","request":{"method":"GET","url":"/slow"},"response":{"body":"late","fixedDelayMilliseconds":20}}"#,
        #"{"id":"00000000-0000-0000-0000-000000000007","request":{"method":"GET","urlPattern":"/tpl/.*"},"response":{"body":"{{request.path}}","transformers":["response-template"]}}"#,
        #"{"id":"00000000-0000-0000-0000-000000000008","request":{"method":"DELETE","url":"/gone"},"response":{"status":204}}"#,
        #"{"id":"00000000-0000-0000-0000-000000000009","request":{"method":"GET","url":"/own-length"},"response":{"body":"abc","headers":{"Content-Length":"3"}}}"#,
        #"{"id":"00000000-0000-0000-0000-00000000000a","request":{"method":"ANY","url":"/any","headers":{"X-Key":{"matches":"k.*"}}},"response":{"status":202,"body":""}}"#
    ]

    /// A request, and whether the fast path must be the one to answer it.
    struct Case: CustomTestStringConvertible, Sendable {
        var raw: String
        var fast: Bool
        var testDescription: String { raw.prefix(while: { $0 != "\r" }).description }
    }

    static let cases: [Case] = [
        Case(raw: "GET /hello HTTP/1.1\r\nHost: example.com:8080\r\nUser-Agent: t\r\n\r\n", fast: true),
        Case(raw: "GET /hello HTTP/1.1\r\n\r\n", fast: true),
        Case(raw: "GET /json?q=a%20b HTTP/1.1\r\nHost: h\r\nConnection: keep-alive\r\n\r\n", fast: true),
        Case(
            raw:
                "POST /echo HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\nContent-Length: 8\r\n\r\n{\"x\": 1}",
            fast: true),
        Case(raw: "PUT /any HTTP/1.1\r\nX-Key:\tkey 1\r\nContent-Length: 0\r\n\r\n", fast: true),
        Case(raw: "OPTIONS /any HTTP/1.1\r\nx-key: k\r\n\r\n", fast: true),
        Case(raw: "GET /hello HTTP/1.1\r\nX-Empty:\r\nX-Blank: \r\nX-Next: 1\r\n\r\n", fast: true),
        // Each of these the fast path leaves to the general one.
        Case(raw: "GET /hello HTTP/1.0\r\nHost: h\r\n\r\n", fast: false),
        Case(raw: "GET /hello HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n", fast: false),
        Case(raw: "GET /hello HTTP/1.1\r\nHost: h\r\nProxy-Connection: close\r\n\r\n", fast: false),
        Case(raw: "HEAD /hello HTTP/1.1\r\nHost: h\r\n\r\n", fast: false),
        Case(raw: "GET http://example.com/hello HTTP/1.1\r\nHost: h\r\n\r\n", fast: false),
        Case(raw: "POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n8\r\n{\"x\": 1}\r\n0\r\n\r\n", fast: false),
        Case(raw: "POST /echo HTTP/1.1\r\nContent-Length: 8\r\n\r\n{\"x\": 2}", fast: false),
        Case(raw: "GET /missing HTTP/1.1\r\nHost: h\r\n\r\n", fast: false),
        Case(raw: "GET /slow HTTP/1.1\r\n\r\n", fast: false),
        Case(raw: "GET /tpl/x HTTP/1.1\r\n\r\n", fast: false),
        Case(raw: "DELETE /gone HTTP/1.1\r\n\r\n", fast: false),
        Case(raw: "GET /own-length HTTP/1.1\r\n\r\n", fast: false),
        Case(raw: "GET /hello HTTP/1.1\r\nX-Odd: trailing \r\n\r\n", fast: false)
    ]

    static func configuration(fast: Bool) -> StubServerConfiguration {
        var configuration = quietConfiguration
        configuration.usesFastPath = fast
        return configuration
    }

    @Test(arguments: cases)
    func bothPathsAnswerAndJournalAlike(_ testCase: Case) async throws {
        try await withServer(Self.stubs, configuration: Self.configuration(fast: true)) { fast in
            try await withServer(Self.stubs, configuration: Self.configuration(fast: false)) { general in
                let fastBytes = try await Self.exchange(testCase.raw, port: fast.port)
                let generalBytes = try await Self.exchange(testCase.raw, port: general.port)
                #expect(String(decoding: fastBytes, as: UTF8.self) == String(decoding: generalBytes, as: UTF8.self))
                #expect(!generalBytes.isEmpty)
                #expect(fast.fastPathAnswerCount == (testCase.fast ? 1 : 0))
                #expect(general.fastPathAnswerCount == 0)
                let fastEntry = await Self.completedEntry(fast)
                let generalEntry = await Self.completedEntry(general)
                #expect(fastEntry == generalEntry)
            }
        }
    }

    @Test func scenariosMoveTheSameWayOnBothPaths() async throws {
        try await withServer(Self.stubs, configuration: Self.configuration(fast: true)) { fast in
            try await withServer(Self.stubs, configuration: Self.configuration(fast: false)) { general in
                for server in [fast, general] {
                    try await RawConnection.with(port: server.port) { connection in
                        try await connection.send(String(repeating: "GET /step HTTP/1.1\r\n\r\n", count: 3))
                        var bodies: [String] = []
                        for _ in 0..<3 { bodies.append(try await connection.readResponse()?.bodyText ?? "none") }
                        #expect(bodies == ["one", "two", "two"])
                    }
                }
                #expect(fast.engine.store.scenarioStates == general.engine.store.scenarioStates)
                #expect(fast.fastPathAnswerCount == 3)
            }
        }
    }

    /// A pipelined burst where the general path takes over midway: answers stay in request order,
    /// and requests after the hand-over are still answered right.
    @Test func answersStayInOrderAcrossTheHandOver() async throws {
        let paths = ["/hello", "/json?q=a+b", "/slow", "/hello", "/missing", "/hello"]
        try await withServer(Self.stubs, configuration: Self.configuration(fast: true)) { server in
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send(paths.map { "GET \($0) HTTP/1.1\r\nHost: h\r\n\r\n" }.joined())
                var statuses: [Int] = []
                for _ in paths { statuses.append(try await connection.readResponse()?.status ?? -1) }
                #expect(statuses == [200, 418, 200, 200, 404, 200])
            }
            #expect(server.engine.journal.events.map(\.request.url) == paths)
            #expect(server.fastPathAnswerCount == 2)
        }
    }

    /// Once a miss has built the near-miss search, a miss is answered on the fast path (a quick
    /// miss) with the general path's bytes and journal entry, the near-miss diff included.
    @Test(arguments: ["GET /hellp HTTP/1.1\r\nHost: h\r\n\r\n", "POST /echo HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}"])
    func aQuickMissIsAnsweredAlike(_ raw: String) async throws {
        try await withServer(Self.stubs, configuration: Self.configuration(fast: true)) { fast in
            try await withServer(Self.stubs, configuration: Self.configuration(fast: false)) { general in
                for server in [fast, general] { _ = server.engine.store.nearMisses(to: Self.warmUp) }
                let fastBytes = try await Self.exchange(raw, port: fast.port)
                let generalBytes = try await Self.exchange(raw, port: general.port)
                #expect(String(decoding: fastBytes, as: UTF8.self) == String(decoding: generalBytes, as: UTF8.self))
                #expect(String(decoding: generalBytes, as: UTF8.self).hasPrefix("HTTP/1.1 404 Not Found\r\n"))
                #expect(fast.fastPathAnswerCount == 1)
                let fastEntry = await Self.completedEntry(fast)
                #expect(fastEntry == (await Self.completedEntry(general)))
                #expect(fastEntry?.subEvents == ["REQUEST_NOT_MATCHED"])
                #expect(
                    fast.engine.journal.events.first?.subEvents.first?.data
                        == general.engine.journal.events.first?.subEvents.first?.data)
            }
        }
    }

    /// A miss stays on the general path while any part of its 404 could be slow: before a miss
    /// has built the near-miss search, and for a GET that a file in `__files` may answer.
    @Test func aMissThatCouldBeSlowGoesTheGeneralWay() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fast-miss-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("static".utf8).write(to: root.appendingPathComponent("page.txt"))
        try await withServer(
            Self.stubs, files: FilesDirectory(url: root), configuration: Self.configuration(fast: true)
        ) {
            server in
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /nothing HTTP/1.1\r\n\r\n")
                #expect(try await connection.readResponse()?.status == 404)
            }
            #expect(server.fastPathAnswerCount == 0)
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /page.txt HTTP/1.1\r\n\r\nGET /nothing-else HTTP/1.1\r\n\r\n")
                #expect(try await connection.readResponse()?.bodyText == "static")
                #expect(try await connection.readResponse()?.status == 404)
            }
            #expect(server.fastPathAnswerCount == 0)
            // With the search built and no file there, the next miss is the fast path's.
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /nothing-at-all HTTP/1.1\r\n\r\n")
                #expect(try await connection.readResponse()?.status == 404)
            }
            #expect(server.fastPathAnswerCount == 1)
        }
    }

    static let warmUp = LoggedRequest(method: "GET", url: "/warm-up")

    /// A plain request arriving a byte at a time is answered whole (by whichever path: the fast
    /// one hands a request over after a few partial reads; see FastPathLifecycleTests).
    @Test func aRequestTrickledByteByByteIsAnsweredWhole() async throws {
        try await withServer(Self.stubs, configuration: Self.configuration(fast: true)) { server in
            try await RawConnection.with(port: server.port) { connection in
                for byte in "GET /hello HTTP/1.1\r\nHost: h\r\n\r\n".utf8 {
                    try await connection.send(bytes: [byte])
                }
                #expect(try await connection.readResponse()?.bodyText == "Hello, world!")
            }
            #expect(server.engine.journal.events.map(\.request.url) == ["/hello"])
        }
    }

    static func exchange(_ raw: String, port: Int) async throws -> [UInt8] {
        try await RawConnection.with(port: port) { connection in
            try await connection.send(raw)
            return try await connection.readResponseBytes(toHEAD: raw.hasPrefix("HEAD")) ?? []
        }
    }

    /// What a journal entry says, without what differs between two servers (ids, dates, ports).
    struct Entry: Equatable {
        var method, url, host, clientIP, protocolVersion: String
        var headers: [String]
        var body: Data
        var browserProxyRequest: Bool
        var stubID: UUID?
        var responseDefinition: ResponseDefinition
        var response: LoggedResponse?
        var subEvents: [String]
    }

    /// The server's only journal entry, once its response is logged (a closing connection logs
    /// it after the bytes went out): waits on the journal's completions, not on a clock.
    static func completedEntry(_ server: StubHTTPServer) async -> Entry? {
        let journal = server.engine.journal
        let (completions, continuation) = AsyncStream<Void>.makeStream()
        let token = journal.observeCompletions { _ in continuation.yield() }
        defer { token.cancel() }
        if let entry = completedEntry(in: journal) { return entry }
        for await _ in completions {
            if let entry = completedEntry(in: journal) { return entry }
        }
        return nil
    }

    private static func completedEntry(in journal: RequestJournal) -> Entry? {
        let events = journal.events
        guard let event = events.first, event.response != nil else { return nil }
        #expect(events.count == 1)
        let request = event.request
        return Entry(
            method: request.method, url: request.url, host: request.host, clientIP: request.clientIP,
            protocolVersion: request.protocolVersion, headers: request.headers.fields.map { "\($0.name): \($0.value)" },
            body: request.body, browserProxyRequest: request.browserProxyRequest, stubID: event.stub?.id,
            responseDefinition: event.responseDefinition, response: event.response,
            subEvents: event.subEvents.map(\.type))
    }
}
