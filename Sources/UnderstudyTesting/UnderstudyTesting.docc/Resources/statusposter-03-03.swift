import Foundation
import StatusPoster
import Testing
import UnderstudyTesting

/// Over the server transport only: on Linux a challenge needs a real socket.
@Suite(.stubServer(root: StubsFolder.root))
struct AuthChallengeTests {
    let rita = Credentials(user: "rita", password: "mysecret")
    let postStatus = RequestPattern.post("/statuses/update.json")

    @Test(arguments: Implementation.allCases)
    func postsTheFormOnceChallengedAndTellsTheObserver(_ implementation: Implementation) async throws {
        let server = try StubServer.current
        let observer = RecordingObserver()
        let client = implementation.client(for: server, credentials: rita, observer: observer)

        let posted = try await client.postStatus("Lunch was great")

        #expect(posted == PostedStatus(id: 1001, text: "accepted"))
        #expect(observer.outcomes == [.succeeded(posted)])
        // First without credentials (challenged), then once with them: the exact URL, method and body.
        server.expect(postStatus.header("Authorization", .absent), .exactly(1))
        server.expect(
            postStatus.basicAuth("rita", "mysecret")
                .header("Content-Type", .equalTo("application/x-www-form-urlencoded"))
                .body(.equalTo("status=Lunch+was+great")),
            .exactly(1))
        #expect(server.receivedRequests.map(\.url) == ["/statuses/update.json", "/statuses/update.json"])
    }

    @Test(arguments: Implementation.allCases)
    func wrongCredentialsAreTriedOnceThenCancelled(_ implementation: Implementation) async throws {
        let server = try StubServer.current
        let observer = RecordingObserver()
        let client = implementation.client(
            for: server, credentials: Credentials(user: "rita", password: "wrong"), observer: observer)

        await #expect(throws: StatusServiceError.authenticationFailed) { try await client.postStatus("hi") }

        #expect(observer.outcomes == [.failedAuthentication])
        server.expect(postStatus.header("Authorization", .absent), .exactly(1))
        server.expect(postStatus.basicAuth("rita", "wrong"), .exactly(1))
        server.expect(postStatus, .exactly(2))  // no third try with the same refused credentials
    }
}
