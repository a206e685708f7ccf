import Foundation
import Testing
import Understudy

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Closing a host cancels its session's tasks at the moment a delayed answer is being told (the
/// answer goes out on a timer's thread). Corelibs' cancel then fails the task as well; the task
/// must still complete once, not resume `data(for:)` twice (a crash of the whole test process).
@Suite struct InProcessCloseRaceTests {
    @Test func closingRightAfterADelayedAnswerCompletesTheTaskOnce() async throws {
        for _ in 0..<200 {
            try await withInProcessStubs { stubs in
                stubs.stub(.post("/metrics"), .accepted().delay(.milliseconds(1)))
                var request = URLRequest(url: try stubs.url("/metrics"))
                request.httpMethod = "POST"
                let (_, response) = try await stubs.session.data(for: request)
                #expect((response as? HTTPURLResponse)?.statusCode == 202)
            }
        }
    }
}
