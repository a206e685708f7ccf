import Foundation
import Testing
import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A Basic challenge end to end over the server: the session's delegate always answers, so a
/// 401 never hangs URLSession on Linux (corelibs #5456).
@Suite(.timeLimit(.minutes(1))) struct BasicChallengeTests {
    static func stubs(_ server: StubServer) {
        server.stub(.post("/statuses/update.json"), .unauthorized(challenge: .basic(realm: "api")))
        server.stub(.post("/statuses/update.json").basicAuth("rita", "mysecret"), .created(json: #"{"id":1}"#))
    }

    @Test func rightCredentialsAreSentAfterTheChallenge() async throws {
        try await withStubServer { server throws in
            Self.stubs(server)
            let reply = try await server.send(
                "POST", "/statuses/update.json", body: Data("status=hi".utf8),
                session: server.session(user: "rita", password: "mysecret"))
            #expect(reply.status == 201)
            let sent = server.receivedRequests
            #expect(sent.count == 2)
            #expect(sent.first?.headers.contains("Authorization") == false)
            #expect(
                sent.last?.headers.first("Authorization") == "Basic " + Data("rita:mysecret".utf8).base64EncodedString()
            )
        }
    }

    @Test func wrongCredentialsAreTriedOnceThenCancelled() async throws {
        try await withStubServer { server throws in
            Self.stubs(server)
            let error = await server.failure(
                "POST", "/statuses/update.json", body: Data("status=hi".utf8),
                session: server.session(user: "rita", password: "wrong"))
            #expect(error?.code == .cancelled)
            #expect(server.receivedRequests.count == 2)
        }
    }

    @Test func noCredentialsEndsInCancelledNotAHang() async throws {
        try await withStubServer { server throws in
            Self.stubs(server)
            let error = await server.failure("POST", "/statuses/update.json", body: Data("status=hi".utf8))
            #expect(error?.code == .cancelled)
            #expect(server.receivedRequests.count == 1)
        }
    }
}
