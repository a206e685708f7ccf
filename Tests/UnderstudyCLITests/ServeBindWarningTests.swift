import Foundation
import Testing

/// Binding anything but loopback needs the explicit address and prints a warning. The warning tests use
/// 192.0.2.1 (TEST-NET-1, never assigned to this machine): the warning comes before the bind,
/// which then fails, so nothing is ever exposed.
@Suite struct ServeBindWarningTests {
    @Test func aNonLoopbackBindWarnsThatTheAdminAPIIsReachable() async throws {
        let output = try await CLIProcess.run([
            "serve", "--root", "/nonexistent-understudy-root", "--port", "0", "--bind", "192.0.2.1"
        ])
        #expect(output.stderr.contains("Binding 192.0.2.1: the admin API under /__admin is reachable"))
        #expect(output.stderr.contains("--admin-token"))
        #expect(output.status != 0)
    }

    @Test func withATokenTheWarningSaysTheAdminAPIIsProtected() async throws {
        let output = try await CLIProcess.run([
            "serve", "--root", "/nonexistent-understudy-root", "--port", "0", "--bind", "192.0.2.1", "--admin-token",
            "t"
        ])
        #expect(output.stderr.contains("the admin API needs the token"))
        #expect(!output.stderr.contains("is reachable by anyone"))
    }

    /// SIGTERM sent the moment the URL is printed used to be lost (the trap was installed after
    /// printing), leaving the server running for ever.
    @Test(arguments: ["127.0.0.1", "localhost"])
    func aSIGTERMSentAsSoonAsTheURLIsPrintedStopsTheServer(_ address: String) async throws {
        let root = try TemporaryRoot()
        let server = try await ServerProcess.start(["serve", "--root", root.url.path, "--port", "0", "--bind", address])
        defer { server.terminate() }
        #expect(server.firstLine.hasPrefix("http://"))
        #expect(await server.signalAndWait(SIGTERM) == 0)
    }
}
