import Foundation
import ProcessSupport
import Testing

/// The spawner every CLI, recording and TLS test starts its programs with.
@Suite struct ChildProcessTests {
    @Test func aChildInheritsOnlyItsThreeStandardStreams() async throws {
        // Open a descriptor the child must not see, as a parallel test's socket would be.
        let held = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/null"))
        defer { try? held.close() }
        let listed = try await ChildProcess.run("/bin/sh", ["-c", "ls /proc/$$/fd"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.split(separator: "\n").sorted() == ["0", "1", "2"], "\(listed.stdout)")
    }

    @Test func standardInputOutputErrorDirectoryAndEnvironmentReachTheChild() async throws {
        let folder = FileManager.default.temporaryDirectory.path
        let completed = try await ChildProcess.run(
            "/bin/sh", ["-c", "read line; echo \"$line $GREETING $(pwd)\"; echo oops >&2; exit 3"],
            environment: ["GREETING": "hello"], directory: folder, input: "from stdin\n")
        #expect(completed.status == 3)
        #expect(completed.stdout == "from stdin hello \(URL(fileURLWithPath: folder).resolvingSymlinksInPath().path)\n")
        #expect(completed.stderr == "oops\n")
    }

    @Test func aSignalledChildReportsTheSignalAndAMissingProgramThrows() async throws {
        let sleeper = try ChildProcess("/bin/sleep", ["30"])
        #expect(sleeper.isRunning)
        sleeper.terminate()
        #expect(await sleeper.exitStatus() == SIGTERM)
        #expect(!sleeper.isRunning)
        #expect(throws: ChildProcessError.self) { try ChildProcess("/nonexistent/program", []) }
    }
}
