import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyAdmin
@testable import UnderstudyCore

/// `/__admin/files`: list, read, write and delete body files, as WireMock's admin API does, and
/// never outside `__files`.
@Suite struct AdminFilesTests {
    @Test func listsEveryFileSortedWithNestedPaths() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        try root.write("__files/b.json", "{}")
        try root.write("__files/a.txt", "a")
        try root.write("__files/dir/c.xml", "<c/>")
        let harness = AdminHarness(root: root.url)
        let reply = harness.call("GET", "/__admin/files")
        #expect(reply.status == 200)
        #expect(reply.json == ["a.txt", "b.json", "dir/c.xml"])
    }

    @Test func aFolderWithoutFilesListsNothing() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        #expect(AdminHarness(root: root.url).call("GET", "/__admin/files").json == [])
    }

    @Test func readsAFileByItsPathAndAnswers404ForAMissingOne() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        try root.write("__files/dir/c.xml", "<c/>")
        let harness = AdminHarness(root: root.url)
        let reply = harness.call("GET", "/__admin/files/dir/c.xml")
        #expect(reply.status == 200)
        #expect(reply.text == "<c/>")
        #expect(harness.call("GET", "/__admin/files/dir/missing.xml").status == 404)
        #expect(harness.call("GET", "/__admin/files/dir").status == 404)
    }

    /// WireMock answers a PUT with the body it stored, as its JSON writer writes bytes: base64.
    @Test func writesAFileCreatingItsFoldersAndReplacingItWhole() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        let harness = AdminHarness(root: root.url)
        let reply = harness.call("PUT", "/__admin/files/new/deep/hello.txt", "hello")
        #expect(reply.status == 200)
        #expect(reply.json == .string(Data("hello".utf8).base64EncodedString()))
        let written = root.url.appendingPathComponent("__files/new/deep/hello.txt")
        #expect(try String(contentsOf: written, encoding: .utf8) == "hello")
        #expect(harness.call("PUT", "/__admin/files/new/deep/hello.txt", "again").status == 200)
        #expect(try String(contentsOf: written, encoding: .utf8) == "again")
        #expect(try MappingDirectory(root: root.url).files.read("new/deep/hello.txt") == Data("again".utf8))
    }

    @Test func deletesAFileAndDeletingAMissingOneIsFine() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        try root.write("__files/gone.json", "{}")
        let harness = AdminHarness(root: root.url)
        #expect(harness.call("DELETE", "/__admin/files/gone.json").status == 200)
        #expect(!FileManager.default.fileExists(atPath: root.url.appendingPathComponent("__files/gone.json").path))
        #expect(harness.call("DELETE", "/__admin/files/gone.json").status == 200)
        #expect(harness.call("GET", "/__admin/files").json == [])
    }

    /// `..`, encoded or not, and a symbolic link out of `__files` are refused for every method,
    /// and nothing outside is read, written or deleted.
    @Test(arguments: [
        "..%2Fsecret.txt", "%2E%2E/secret.txt", "dir/..%2F..%2Fsecret.txt", "out/secret.txt", "out/new.txt"
    ])
    func nothingOutsideFilesIsTouched(_ path: String) throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        try root.write("secret.txt", "secret")
        try root.write("__files/dir/x.txt", "x")
        try FileManager.default.createSymbolicLink(
            at: root.url.appendingPathComponent("__files/out"), withDestinationURL: root.url)
        let harness = AdminHarness(root: root.url)
        let read = harness.call("GET", "/__admin/files/\(path)")
        #expect(read.status == 404)
        #expect(!read.text.contains("secret\""))
        let write = harness.call("PUT", "/__admin/files/\(path)", "overwritten")
        #expect(write.status == 403)
        #expect(write.errorTitle?.contains("outside __files") == true)
        #expect(harness.call("DELETE", "/__admin/files/\(path)").status == 403)
        #expect(try String(contentsOf: root.url.appendingPathComponent("secret.txt"), encoding: .utf8) == "secret")
        #expect(!FileManager.default.fileExists(atPath: root.url.appendingPathComponent("new.txt").path))
        #expect(!harness.call("GET", "/__admin/files").json.description.contains("secret"))
    }

    @Test func aServerWithoutAFolderHasNoFiles() {
        let harness = AdminHarness()
        #expect(harness.call("GET", "/__admin/files").json == [])
        #expect(harness.call("GET", "/__admin/files/a.txt").status == 404)
        let write = harness.call("PUT", "/__admin/files/a.txt", "a")
        #expect(write.status == 409)
        #expect(write.errorTitle?.contains("no __files folder") == true)
    }
}
