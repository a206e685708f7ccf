import Foundation
import UnderstudyTesting
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The XCTest side: a server per test with automatic tear-down.
final class XCTestHelperTests: XCTestCase {
    func testStartStubServerServesAndVerifies() async throws {
        let server = try await startStubServer()
        server.stub(.get("/hello"), .ok(body: "hi")).expected(times: 1)
        let (data, _) = try await server.session.data(from: server.url("/hello"))
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "hi")
        XCTAssertTrue(server.expect(.get("/hello"), .exactly(1)))
    }

    func testInProcessStubsCloseAtTearDown() async throws {
        let stubs = try startInProcessStubs()
        stubs.stub(.get("/x"), .ok())
        _ = try await stubs.session.data(from: stubs.url("/x"))
        XCTAssertEqual(stubs.receivedRequests.count, 1)
    }
}
