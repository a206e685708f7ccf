import Foundation
import Testing
import UnderstudyCore

@testable import UnderstudyAdmin

@Suite struct AdminPersistenceTests {
    let id = "0b5d6a9e-1111-4222-8333-944455556666"

    @Test func persistentStubIsWrittenOnCreateRewrittenOnUpdateAndRemovedOnDelete() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        let admin = AdminHarness(root: root.url)
        let created = admin.call(
            "POST", "/__admin/mappings",
            #"{"id":"\#(id)","persistent":true,"request":{"method":"GET","url":"/hello/world?x=1"}}"#)
        #expect(created.status == 201)
        let file = "get-hello-world-x-1-\(id).json"
        #expect(try root.mappingFiles() == [file])
        #expect(try root.read("mappings/\(file)")["request"]?["url"] == "/hello/world?x=1")

        // Renaming the stub keeps writing the same file.
        admin.call(
            "PUT", "/__admin/mappings/\(id)", #"{"name":"Renamed!","persistent":true,"request":{"url":"/changed"}}"#)
        #expect(try root.mappingFiles() == [file])
        #expect(try root.read("mappings/\(file)")["request"]?["url"] == "/changed")

        #expect(admin.call("DELETE", "/__admin/mappings/\(id)").status == 200)
        #expect(try root.mappingFiles().isEmpty)
    }

    @Test func stubsThatAreNotPersistentStayInMemory() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        let admin = AdminHarness(root: root.url)
        admin.create(#"{"request":{"url":"/a"}}"#)
        #expect(try root.mappingFiles().isEmpty)
    }

    @Test func saveWritesEveryStubNamedByNameOrMethodAndURL() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        let admin = AdminHarness(root: root.url)
        let named = admin.create(#"{"name":"My Stub / v2","request":{"url":"/a"}}"#)
        let plain = admin.create(#"{"request":{"method":"POST","urlPath":"/b c"}}"#)
        #expect(admin.call("POST", "/__admin/mappings/save").status == 200)
        #expect(try root.mappingFiles() == ["my-stub-v2-\(named).json", "post-b-c-\(plain).json"])
        #expect(try root.read("mappings/my-stub-v2-\(named).json")["persistent"] == true)
        // Saved stubs survive a reset to defaults, in their old order.
        #expect(admin.call("POST", "/__admin/reset").status == 200)
        #expect(Set(admin.engine.store.stubs.map { $0.id.uuidString.lowercased() }) == [named, plain])
    }

    @Test func writesLeaveNoTemporaryFilesBehind() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        let admin = AdminHarness(root: root.url)
        for i in 0..<5 { admin.create(#"{"persistent":true,"request":{"url":"/n\#(i)"}}"#) }
        admin.call("POST", "/__admin/mappings/save")
        let files = try root.mappingFiles()
        #expect(files.count == 5)
        #expect(files.allSatisfy { !$0.hasPrefix(".") && $0.hasSuffix(".json") })
    }

    @Test func temporaryFileIsRenamedOverTheTarget() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        let persistence = StubFilePersistence(directory: MappingDirectory(root: root.url))
        var stub = StubMapping(id: UUID(uuidString: id) ?? UUID(), name: "x", persistent: true)
        try persistence.write(stub)
        let path = root.url.appendingPathComponent("mappings/x-\(id).json").path
        let before = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        stub.name = "y"
        try persistence.write(stub)
        let after = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        // A new inode under the old name: the file was replaced by rename, not rewritten in place.
        #expect(before != nil && before != after)
        #expect(try root.read("mappings/x-\(id).json")["name"] == "y")
    }

    @Test func resetReloadsMappingsFromDisk() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        try root.write("mappings/a.json", #"{"request":{"url":"/from-disk"}}"#)
        let admin = AdminHarness(root: root.url)
        admin.create(#"{"request":{"url":"/added"}}"#)
        admin.serve("GET", "/added")
        try root.write("mappings/b.json", #"{"request":{"url":"/new-on-disk"}}"#)
        #expect(admin.call("POST", "/__admin/mappings/reset").status == 200)
        #expect(Set(admin.listedURLs()) == ["/from-disk", "/new-on-disk"])
        #expect(admin.engine.journal.count == 0)
    }

    @Test func resetReportsBadFilesAndServesTheGoodOnes() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        try root.write("mappings/good.json", #"{"request":{"url":"/good"}}"#)
        let admin = AdminHarness(root: root.url)
        try root.write("mappings/bad.json", #"{"request":{"url":7}}"#)
        let reply = admin.call("POST", "/__admin/reset")
        #expect(reply.status == 422)
        #expect(reply.json["errors"]?[0]?["detail"]?.stringValue?.contains("mappings/bad.json") == true)
        #expect(admin.listedURLs() == ["/good"])
    }

    @Test func deleteAllRemovesPersistedFilesButNotOtherMappingFiles() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        try root.write("mappings/plain.json", #"{"request":{"url":"/plain"}}"#)
        let admin = AdminHarness(root: root.url)
        admin.create(#"{"id":"\#(id)","persistent":true,"request":{"url":"/p"}}"#)
        admin.serve("GET", "/p")
        #expect(try root.mappingFiles().count == 2)
        #expect(admin.call("DELETE", "/__admin/mappings").status == 200)
        #expect(try root.mappingFiles() == ["plain.json"])
        #expect(admin.engine.journal.count == 1)
    }

    @Test func persistentFileLoadedFromDiskIsRewrittenAndRemovedInPlace() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        try root.write("mappings/sub/mine.json", #"{"id":"\#(id)","persistent":true,"request":{"url":"/mine"}}"#)
        let admin = AdminHarness(root: root.url)
        admin.call("PUT", "/__admin/mappings/\(id)", #"{"persistent":true,"request":{"url":"/mine2"}}"#)
        #expect(try root.read("mappings/sub/mine.json")["request"]?["url"] == "/mine2")
        admin.call("POST", "/__admin/mappings/remove", #"{"id":"\#(id)"}"#)
        #expect(!FileManager.default.fileExists(atPath: root.url.appendingPathComponent("mappings/sub/mine.json").path))
    }

    @Test func multiMappingFileStubsAreReadOnly() throws {
        let root = try TemporaryRoot()
        defer { root.remove() }
        try root.write(
            "mappings/many.json", #"{"mappings":[{"id":"\#(id)","request":{"url":"/m1"}},{"request":{"url":"/m2"}}]}"#)
        let admin = AdminHarness(root: root.url)
        let delete = admin.call("DELETE", "/__admin/mappings/\(id)")
        #expect(delete.status == 409)
        #expect(delete.errorTitle?.hasPrefix("Stubs loaded from multi-mapping files are read-only") == true)
        #expect(admin.call("POST", "/__admin/mappings/remove", #"{"id":"\#(id)"}"#).status == 409)
        #expect(admin.call("PUT", "/__admin/mappings/\(id)", #"{"persistent":true}"#).status == 409)
        #expect(admin.call("POST", "/__admin/mappings/save").status == 200)
        #expect(try root.mappingFiles() == ["many.json"])
        #expect(admin.engine.store.count == 2)
    }
}
