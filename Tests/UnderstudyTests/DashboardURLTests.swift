import Foundation
import Testing
import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A test's `StubServer` has the dashboard too, at `dashboardURL`.
@Suite struct DashboardURLTests {
    @Test func theServersDashboardIsAPageWithItsRequests() async throws {
        try await withStubServer { server in
            #expect(server.dashboardURL.absoluteString == server.baseURL.absoluteString + "/__understudy/")
            let (page, response) = try await URLSession(configuration: .ephemeral).data(from: server.dashboardURL)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")
            #expect(String(decoding: page, as: UTF8.self).contains("<title>Understudy dashboard</title>"))
            server.stub(.get("/seen"), .ok(body: "yes"))
            _ = try await URLSession(configuration: .ephemeral).data(from: server.url("/seen"))
            let (list, _) = try await URLSession(configuration: .ephemeral).data(
                from: server.dashboardURL.appendingPathComponent("requests"))
            #expect(String(decoding: list, as: UTF8.self).contains(#""url":"/seen""#))
            // The page's own loads are not journalled as requests to stubs.
            #expect(server.receivedRequests.map(\.url) == ["/seen"])
        }
    }
}
