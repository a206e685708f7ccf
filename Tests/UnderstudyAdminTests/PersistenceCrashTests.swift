import Foundation
import Testing
import UnderstudyCore

@testable import UnderstudyAdmin

/// A persistent stub's write interrupted between the temporary file and the rename leaves the
/// previous version in place, and the leftover never reaches the store.
@Suite struct PersistenceCrashTests {
    let id = "7a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b"

    @Test func aLeftoverTemporaryFileIsIgnoredOnReloadAndTheLastGoodVersionKept() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        let admin = AdminHarness(root: root.url)
        admin.call(
            "POST", "/__admin/mappings",
            #"{"id":"\#(id)","persistent":true,"request":{"url":"/kept"},"response":{"body":"v1"}}"#)
        let file = try #require(try root.mappingFiles().first)
        // The crash: the next version was half written to the temporary name and never renamed.
        try root.write(
            "mappings/.\(file).\(UUID().uuidString).tmp", #"{"id":"\#(id)","persistent":true,"request":{"url":"/ke"#)
        #expect(admin.call("POST", "/__admin/mappings/reset").status == 200)
        #expect(admin.listedURLs() == ["/kept"])
        #expect(admin.serve("GET", "/kept").body == Data("v1".utf8))
        // And a fresh start from the folder sees the same.
        let restarted = MappingDirectory(root: root.url).load()
        #expect(restarted.errors.isEmpty)
        #expect(restarted.stubs.map { $0.0.id.uuidString.lowercased() } == [id])
    }

    @Test func anUpdateReplacesTheFileWholeAndLeavesNoTemporaryFileBehind() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        let admin = AdminHarness(root: root.url)
        for version in 1...20 {
            let body = String(repeating: "v\(version)", count: 500)
            let method = version == 1 ? "POST" : "PUT"
            let path = version == 1 ? "/__admin/mappings" : "/__admin/mappings/\(id)"
            admin.call(
                method, path,
                #"{"id":"\#(id)","persistent":true,"request":{"url":"/kept"},"response":{"body":"\#(body)"}}"#)
        }
        let files = try root.mappingFiles()
        #expect(files.count == 1)
        #expect(!files.contains { $0.hasSuffix(".tmp") })
        let file = try #require(files.first)
        #expect(
            try root.read("mappings/\(file)")["response"]?["body"]?.stringValue == String(repeating: "v20", count: 500))
    }
}
