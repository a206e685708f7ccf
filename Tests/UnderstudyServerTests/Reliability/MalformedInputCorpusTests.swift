import Foundation
import NIOCore
import Testing
import UnderstudyCore
import UnderstudyJSON
import UnderstudyServer

/// Thousands of generated bad requests over real sockets, in concurrent batches. After every
/// batch a good request still gets its stub; at the end the store is as it was and the journal
/// holds nothing smuggled.
///
/// `UNDERSTUDY_CORPUS_SIZE` raises the count (default 10,000) and `UNDERSTUDY_CORPUS_SEED` picks
/// another corpus; a failure names the seed and index that reproduce it.
@Suite struct MalformedInputCorpusTests {
    static let stubs = [
        #"{"request":{"method":"ANY","url":"/ok"},"response":{"status":200,"body":"fine"}}"#,
        #"{"request":{"method":"ANY","url":"/smuggled"},"response":{"status":200,"body":"\#(BadRequestGenerator.smuggledMarker)"}}"#
    ]

    static var corpusSize: Int { environmentInt("UNDERSTUDY_CORPUS_SIZE") ?? 10_000 }
    static var seed: UInt64 { UInt64(environmentInt("UNDERSTUDY_CORPUS_SEED") ?? 20_261_121) }

    static func environmentInt(_ name: String) -> Int? {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) }
    }

    static var configuration: StubServerConfiguration {
        var configuration = StubServerConfiguration(maxHeaderBytes: 8 * 1024, maxBodyBytes: 4 * 1024)
        // Short, so slowloris and half-open connections are closed quickly.
        configuration.idleTimeout = .milliseconds(250)
        return configuration
    }

    @Test func everyBadRequestIsRefusedOrClosedAndTheServerKeepsServing() async throws {
        try await withServer(Self.stubs, configuration: Self.configuration) { server in
            let storeBefore = server.engine.store.stubs.map(\.json)
            let generator = BadRequestGenerator(seed: Self.seed, maxHeaderBytes: 8 * 1024, maxBodyBytes: 4 * 1024)
            var problems: [String] = []
            let batchSize = 500
            for batchStart in stride(from: 0, to: Self.corpusSize, by: batchSize) {
                let indices = Array(batchStart..<min(batchStart + batchSize, Self.corpusSize))
                problems += try await Self.runBatch(indices.map(generator.request), port: server.port, seed: Self.seed)
                let good = try await Self.goodRequest(port: server.port)
                #expect(good == "fine", "after the batch from #\(batchStart)")
                if problems.count > 50 || good != "fine" { break }
            }
            #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(30).joined(separator: "\n"))")
            #expect(server.engine.store.stubs.map(\.json) == storeBefore)
            let journalled = server.engine.journal.events
            #expect(!journalled.contains { $0.request.url.contains("smuggled") })
            // Every journal entry still encodes as WireMock's JSON and reads back.
            for event in journalled {
                #expect((try? JSONParser.parse(JSONWriter.data(event.json))) != nil)
            }
        }
    }

    /// Runs a batch with a bounded number of connections open at once.
    static func runBatch(_ requests: [BadRequest], port: Int, seed: UInt64, width: Int = 48) async throws -> [String] {
        try await withThrowingTaskGroup(of: [String].self) { group in
            var pending = requests[...]
            var problems: [String] = []
            func launch() {
                guard let request = pending.popFirst() else { return }
                group.addTask {
                    let exchange = try await CorpusClient.exchange(request, port: port, deadline: .seconds(10))
                    return CorpusVerdict.problems(request, exchange, seed: seed)
                }
            }
            for _ in 0..<width { launch() }
            while let found = try await group.next() {
                problems += found
                launch()
            }
            return problems
        }
    }

    /// A good request on a fresh connection: its body, or nil.
    static func goodRequest(port: Int) async throws -> String? {
        try await RawConnection.with(port: port) { connection in
            try await connection.send(
                "GET /ok HTTP/1.1\r\nHost: a\r\n\r\nGET /ok HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
            let first = try await connection.readResponse()
            let second = try await connection.readResponse()
            return first?.bodyText == "fine" ? second?.bodyText : nil
        }
    }

    @Test func theGeneratorIsDeterministicAndCoversEveryShape() {
        let generator = BadRequestGenerator(seed: 7, maxHeaderBytes: 1024, maxBodyBytes: 1024)
        let again = BadRequestGenerator(seed: 7, maxHeaderBytes: 1024, maxBodyBytes: 1024)
        let requests = (0..<200).map(generator.request)
        #expect(requests.map(\.bytes) == (0..<200).map { again.request($0).bytes })
        #expect(Set(requests.map(\.shape)) == Set(BadRequest.Shape.allCases))
        let other = BadRequestGenerator(seed: 8, maxHeaderBytes: 1024, maxBodyBytes: 1024)
        #expect(requests.map(\.bytes) != (0..<200).map { other.request($0).bytes })
    }
}
