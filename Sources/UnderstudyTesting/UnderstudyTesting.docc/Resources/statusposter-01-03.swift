import Foundation
import StatusPoster
import Testing
import UnderstudyTesting

@Suite struct StatusServiceContractTests {
    static let cases = Implementation.allCases.flatMap { implementation in
        StubTransport.allCases.map { (implementation, $0) }
    }

    @Test(arguments: cases)
    func postsAStatusAsAForm(_ implementation: Implementation, _ transport: StubTransport) async throws {
        try await withStubs(transport, root: StubsFolder.root) { host in
            // Accepted without a challenge, so the contract runs in-process too.
            host.stub(
                .post("/statuses/update.json").form("status", .equalTo("hi there")),
                .created(json: #"{"id":7,"text":"ok"}"#), priority: 1)
            let client = implementation.client(for: host)

            let posted = try await client.postStatus("hi there")
        }
    }
}
