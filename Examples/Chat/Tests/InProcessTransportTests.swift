import ChatClient
import Foundation
import UnderstudyTesting

/// What only the server transport can do for this example: WebSocket message stubs. (The chat
/// answer streams over both transports: see the other suites.)
@Suite struct InProcessTransportTests {
    @Test(.inProcessStubs)
    func messageStubsInProcessFailNamingTheServerTransport() throws {
        let stubs = try InProcessStubs.current
        #expect {
            try stubs.stub(message: .onOpen(channel: .get("/notifications"), .send("{}")))
        } throws: { error in
            error is MessageStubsNeedTheServer && "\(error)".contains("server transport")
        }
    }
}
