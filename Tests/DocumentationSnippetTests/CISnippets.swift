// Backs the article "Running understudy in CI" (Sources/Understudy/Understudy.docc/RunningInCI.md).
import Foundation
import Understudy
import UnderstudyTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The same folder `understudy serve --root` and `understudy check --root` read in CI, used from
/// an XCTest case: a fresh server per test, strict at tear-down.
final class CISnippets: XCTestCase {
    // Backs RunningInCI.md, listing "xctest".
    func testTimelineFromTheSharedFolder() async throws {
        let server = try await startStubServer(root: SnippetFixtures.api)
        let (data, response) = try await server.session.data(from: try server.url("/timeline"))
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
        XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("hello"))
        server.expect(.get("/timeline"), .exactly(1))
    }

    // Backs RunningInCI.md, listing "launch-environment".
    func testHandsTheBaseURLToAnotherProcess() async throws {
        let server = try await startStubServer(root: SnippetFixtures.api)
        // A UI test passes this to the app (XCUIApplication's launchEnvironment), a script to curl.
        let environment = ["API_BASE_URL": server.baseURL.absoluteString]
        XCTAssertTrue(environment["API_BASE_URL"]?.hasPrefix("http://127.0.0.1:") == true)
    }
}
