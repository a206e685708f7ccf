import Foundation
import Testing
import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 35 as a user met it: 64 concurrent requests to a three-step scenario, over the real
/// server and in-process. Each step must be answered exactly once whatever the interleaving.
@Suite struct ScenarioStepTransportTests {
    /// A body the stubs read with a regular expression, so that matching takes long enough for
    /// requests on different threads to overlap between their match and their step.
    static let body = Data((String(repeating: "a", count: 32 * 1024) + "end").utf8)

    static func mapping(_ required: String, _ next: String?, _ answer: String) -> String {
        let move = next.map { #","newScenarioState":"\#($0)""# } ?? ""
        return #"""
            {"scenarioName":"steps","requiredScenarioState":"\#(required)"\#(move),
             "request":{"method":"POST","urlPath":"/step","bodyPatterns":[{"matches":"a+end"}]},
             "response":{"body":"\#(answer)"}}
            """#
    }

    @Test(arguments: StubTransport.allCases)
    func sixtyFourConcurrentRequestsTakeEachStepOnce(_ transport: StubTransport) async throws {
        try await withStubs(transport) { host throws in
            _ = try host.stub(json: Self.mapping("Started", "two", "one"))
            _ = try host.stub(json: Self.mapping("two", "three", "two"))
            _ = try host.stub(json: Self.mapping("three", nil, "three"))
            for trial in 0..<5 {
                host.engine.store.resetScenarios()
                let answers = try await withThrowingTaskGroup(of: String.self) { group in
                    for _ in 0..<64 {
                        group.addTask { try await host.send("POST", "/step", body: Self.body).text }
                    }
                    return try await group.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
                }
                #expect(answers == ["one": 1, "two": 1, "three": 62], "trial \(trial)")
            }
        }
    }
}
