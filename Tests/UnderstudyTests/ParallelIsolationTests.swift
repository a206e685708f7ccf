import Foundation
import Testing
import Understudy

/// Dozens of stub sets at once, all on the same path: each sees only its own answers and journal.
@Suite struct ParallelIsolationTests {
    @Test func concurrentInProcessStubSetsNeverMix() async throws {
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<48 {
                group.addTask {
                    try await withInProcessStubs { stubs throws in
                        stubs.stub(.get("/who"), .ok(body: "stubs-\(index)"))
                        for _ in 0..<3 {
                            let reply = try await stubs.send("/who", headers: ["X-Index": String(index)])
                            guard reply.text == "stubs-\(index)" else { return false }
                        }
                        let journal = stubs.receivedRequests
                        return journal.count == 3 && journal.allSatisfy { $0.headers.first("X-Index") == String(index) }
                    }
                }
            }
            var all: [Bool] = []
            for try await ok in group { all.append(ok) }
            return all
        }
        #expect(results.count == 48)
        #expect(results.allSatisfy { $0 })
    }

    @Test(arguments: 0..<24)
    func parallelTestsEachHaveTheirOwnWorld(_ index: Int) async throws {
        let transport: StubTransport = index.isMultiple(of: 4) ? .server : .inProcess
        try await withStubs(transport) { host throws in
            host.stub(.get("/shared/path"), .ok(body: "\(index)"))
            let reply = try await host.send("/shared/path")
            #expect(reply.text == "\(index)")
            #expect(host.receivedRequests.count == 1)
        }
    }
}
