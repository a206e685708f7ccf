import Foundation
import Logging
import Synchronization
import Testing
import UnderstudyCore
import UnderstudyServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Response templates served over a real socket, and a broken one answered, journalled and logged.
@Suite struct ServerTemplatingTests {
    @Test func rendersATemplatedResponseOverTheWire() async throws {
        let stub = #"""
            {"request":{"method":"POST","urlPathPattern":"/echo/.*"},
             "response":{"status":201,"headers":{"X-Id":"{{request.path.[1]}}"},
             "body":"{\"id\":\"{{request.path.[1]}}\",\"q\":\"{{request.query.q}}\",\"name\":\"{{jsonPath request.body '$.name'}}\",\"port\":{{request.port}}}",
             "transformers":["response-template"]}}
            """#
        try await withServer([stub]) { server in
            var request = URLRequest(url: server.url("/echo/42?q=hi"))
            request.httpMethod = "POST"
            request.httpBody = Data(#"{"name":"Ann"}"#.utf8)
            let (data, response) = try await freshSession().data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 201)
            #expect(http.value(forHTTPHeaderField: "X-Id") == "42")
            #expect(
                String(decoding: data, as: UTF8.self) == #"{"id":"42","q":"hi","name":"Ann","port":\#(server.port)}"#)
        }
    }

    @Test func aBrokenTemplateIsA500ThatIsJournalledAndLogged() async throws {
        let messages = CapturedLog()
        var configuration = StubServerConfiguration()
        configuration.logger = Logger(label: "test") { _ in CapturingLogHandler(log: messages) }
        let engine = StubEngine()
        try engine.store.add(
            StubMapping(
                jsonText:
                    #"{"request":{"url":"/bad"},"response":{"body":"{{#each}}","transformers":["response-template"]}}"#)
        )
        let server = try await StubHTTPServer.start(engine: engine, admin: nil, configuration: configuration)
        do {
            let response = try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /bad HTTP/1.1\r\nHost: localhost\r\n\r\n")
                return try await connection.readResponse()
            }
            let raw = try #require(response)
            #expect(raw.statusLine.hasPrefix("HTTP/1.1 500"))
            #expect(String(decoding: raw.body, as: UTF8.self).hasPrefix("[ERROR] 1:"))
            #expect(engine.journal.events.last?.subEvents.first?.type == "ERROR")
            #expect(messages.all.contains { $0.contains("response template failed to render") })
            // The server still answers.
            let again = try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /bad HTTP/1.1\r\nHost: localhost\r\n\r\n")
                return try await connection.readResponse()
            }
            #expect(again?.statusLine.hasPrefix("HTTP/1.1 500") == true)
            try await server.stop()
        } catch {
            try? await server.stop()
            throw error
        }
    }
}

final class CapturedLog: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

struct CapturingLogHandler: LogHandler {
    let log: CapturedLog
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        log.append("\(event.level) \(event.message)")
    }
}
