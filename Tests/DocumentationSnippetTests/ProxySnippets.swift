// Backs the article "Proxying Apps and Browsers" (Sources/UnderstudyServer/UnderstudyServer.docc/ProxyingAppsAndBrowsers.md).
import AsyncHTTPClient
import Foundation
import Testing
import Understudy
import UnderstudyTLS

@Suite struct ProxySnippets {
    // Backs ProxyingAppsAndBrowsers.md, listing "swift".
    @Test func aClientThatBuildsItsOwnURLs() async throws {
        var configuration = StubServerConfiguration()
        configuration.logger.logLevel = .warning
        configuration.forwardProxy = try .intercepting()
        try await withStubServer(configuration: configuration) { server in
            server.stub(.get("/v1/me").host("api.example.com"), .ok(json: #"{"id":1}"#))

            // Every request goes through the server, which trusts only its own CA.
            let client = HTTPClient(
                eventLoopGroupProvider: .singleton, configuration: try server.proxiedHTTPClientConfiguration())
            do {
                let response = try await client.execute(
                    HTTPClientRequest(url: "https://api.example.com/v1/me"), timeout: .seconds(10))
                #expect(response.status == .ok)
            } catch {
                try await client.shutdown()
                throw error
            }
            try await client.shutdown()

            #expect(server.receivedRequests.first?.host == "api.example.com")
        }
    }
}
