import Foundation
import Testing
import Understudy
import UnderstudyTLS

@Suite("A corpus of broken TLS openings", .timeLimit(.minutes(2)))
struct TLSCorpusTests {
    @Test("each broken opening ends with the connection closed and no HTTP; then a good request is served")
    func brokenOpeningsLeaveTheServerServing() async throws {
        let folder = try TemporaryFolder()
        // A short handshake time-out: cut-short openings end by it rather than by the client. Not
        // shorter: the good request's own handshake must fit in it on a loaded 2-core machine
        // (500 ms did not, under ThreadSanitizer with the whole suite running).
        let tls = try StubServerTLS.generated(handshakeTimeout: .seconds(2))
        let caFile = try folder.write("ca.pem", try tls.certificateAuthorityPEM())
        let corpus = try ClientHelloCorpus(configuration: try tls.clientTLSConfiguration())
        #expect(corpus.hello.first == 0x16, "a TLS handshake record")
        // A new corpus each run; UNDERSTUDY_TLS_CORPUS_SEED replays the one a failure names.
        let seed =
            ProcessInfo.processInfo.environment["UNDERSTUDY_TLS_CORPUS_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 0...UInt64.max)
        let cases = corpus.cases(seed: seed, count: 60)
        try await withStubServer(tls: tls) { server in
            server.stub(.get("/good"), .ok(body: "still here"))
            let port = try #require(server.httpsPort)
            try await withThrowingTaskGroup(of: (String, [UInt8]).self) { group in
                for broken in cases {
                    group.addTask {
                        (broken.name, try await RawTCP.sendThenReadUntilClosed(port: port, bytes: broken.bytes))
                    }
                }
                for try await (name, answer) in group {
                    #expect(!String(decoding: answer, as: UTF8.self).contains("HTTP/1."), "\(name)")
                }
            }
            #expect(server.receivedRequests.isEmpty)
            let output = try await Curl.get(
                try #require(server.httpsBaseURL).appendingPathComponent("good"), caFile: caFile, in: folder)
            #expect(output.status == 0, "seed \(seed): \(output.stderr)")
            #expect(output.stdout == "still here")
        }
    }
}
