import Foundation
import Testing
import UnderstudyCore

@testable import UnderstudyAdmin

/// The admin API's reset goes through the one folder loader a host's reset and `serve` use.
@Suite struct AdminResetFolderTests {
    @Test func resetServesTheFoldersStubsAndMessageStubsAgain() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        try root.write("mappings/hello.json", #"{"request":{"url":"/hello"},"response":{"status":200}}"#)
        try root.write("message-mappings/greets.json", AdminMessagesTests.greeting)
        let admin = AdminHarness(root: root.url)
        admin.create(#"{"request":{"url":"/added"},"response":{"status":201}}"#)
        admin.call("POST", "/__admin/message-mappings", AdminMessagesTests.greeting)

        #expect(admin.call("POST", "/__admin/mappings/reset").status == 200)
        #expect(admin.listedURLs() == ["/hello"])
        #expect(admin.engine.messages.stubs.stubs.map(\.name) == ["greets"])
    }

    /// A broken message stub file no longer passes in silence: what loaded is served, and the
    /// reset names the file that did not.
    @Test func aBrokenMessageMappingIsReportedAndTheRestIsServed() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        try root.write("mappings/hello.json", #"{"request":{"url":"/hello"},"response":{"status":200}}"#)
        try root.write("message-mappings/greets.json", AdminMessagesTests.greeting)
        let admin = AdminHarness(root: root.url)
        try root.write("message-mappings/broken.json", #"{"trigger":"#)

        let reset = admin.call("POST", "/__admin/mappings/reset")
        #expect(reset.status == 422)
        #expect(reset.text.contains("message-mappings/broken.json"))
        #expect(admin.listedURLs() == ["/hello"])
        #expect(admin.engine.messages.stubs.stubs.map(\.name) == ["greets"])
    }
}
