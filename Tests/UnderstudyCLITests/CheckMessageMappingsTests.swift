import Foundation
import Testing

/// `understudy check` reads `message-mappings/` too, and names a bad message stub where it is.
@Suite struct CheckMessageMappingsTests {
    @Test func messageStubsAreCountedAndAMistakeIsNamedWhereItIs() async throws {
        let root = try TemporaryRoot()
        try root.write("mappings/a.json", #"{"request":{"url":"/a"}}"#)
        try root.write(
            "message-mappings/echo.json",
            #"{"trigger":{"type":"message","message":{"body":{"contains":"hi"}}},"actions":[{"type":"send","message":{"body":{"data":"hello"}}}]}"#
        )
        try root.write(
            "message-mappings/many.json",
            #"{"messageMappings":[{"trigger":{"type":"http-request","requestPattern":{"url":"/b"}},"actions":[]},{"trigger":{"type":"message"},"actions":[{"type":"close","code":1006}]}]}"#
        )
        let output = try await CLIProcess.run(["check", "--root", root.url.path])
        #expect(output.status == 1)
        #expect(
            output.stdout.contains("message-mappings/many.json at /messageMappings/1/actions/0/code"),
            "\(output.stdout)")
        #expect(output.stdout.contains("1 mapping files, 1 stubs, 2 message mapping files, 2 message stubs, 1 problem"))
        #expect(!output.stdout.contains("echo.json"))
    }
}
