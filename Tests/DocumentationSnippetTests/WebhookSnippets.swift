// Backs the article "Webhooks" (Sources/UnderstudyServer/UnderstudyServer.docc/Webhooks.md).
import Foundation
import Testing
import Understudy
import UnderstudyRecording

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct WebhookSnippets {
    // Backs Webhooks.md, listing "swift".
    @Test func aStubCallsTheReceiverOnceItAnswered() async throws {
        try await withStubServer { receiver in
            receiver.stub(.post("/callback"), .ok())
            try await withStubServer { server in
                server.sendWebhooks(with: AsyncHTTPWebhookSender())
                try server.stub(
                    StubMapping(request: .post("/payments"), response: .accepted())
                        .webhook(.post("\(receiver.baseURL)/callback", body: "{{originalRequest.body}}")))
                // … the client posts a payment …
                var payment = URLRequest(url: try server.url("/payments"))
                payment.httpMethod = "POST"
                payment.httpBody = Data("paid".utf8)
                _ = try await server.session.data(for: payment)
                let outcomes = try await server.waitForWebhooks(count: 1, timeout: .seconds(30))
                #expect(outcomes.count == 1)
                let received = try await receiver.waitForRequests(
                    matching: .post("/callback"), count: 1, timeout: .seconds(30))
                #expect(received.first?.bodyText == "paid")
            }
        }
    }
}
