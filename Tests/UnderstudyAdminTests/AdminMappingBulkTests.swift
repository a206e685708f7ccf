import Foundation
import Testing
import UnderstudyCore

@testable import UnderstudyAdmin

@Suite struct AdminMappingBulkTests {
    let a = "00000000-0000-0000-0000-00000000000a"
    let b = "00000000-0000-0000-0000-00000000000b"

    @Test func importPutsTheFirstListedFirst() {
        let admin = AdminHarness()
        let body = #"{"mappings":[{"request":{"url":"/one"}},{"request":{"url":"/two"}}],"meta":{"total":2}}"#
        #expect(admin.call("POST", "/__admin/mappings/import", body).status == 200)
        #expect(admin.listedURLs() == ["/one", "/two"])
    }

    @Test func importOverwritesByDefaultInPlace() {
        let admin = AdminHarness()
        admin.create(#"{"id":"\#(a)","request":{"url":"/old"}}"#)
        admin.create(#"{"request":{"url":"/newer"}}"#)
        admin.call("POST", "/__admin/mappings/import", #"{"mappings":[{"id":"\#(a)","request":{"url":"/replaced"}}]}"#)
        #expect(admin.listedURLs() == ["/newer", "/replaced"])
    }

    @Test func importCanIgnoreDuplicates() {
        let admin = AdminHarness()
        admin.create(#"{"id":"\#(a)","request":{"url":"/old"}}"#)
        let body =
            #"{"mappings":[{"id":"\#(a)","request":{"url":"/replaced"}},{"id":"\#(b)","request":{"url":"/added"}}],"importOptions":{"duplicatePolicy":"IGNORE"}}"#
        #expect(admin.call("POST", "/__admin/mappings/import", body).status == 200)
        #expect(Set(admin.listedURLs()) == ["/old", "/added"])
    }

    @Test func importCanDeleteEverythingElse() {
        let admin = AdminHarness()
        admin.create(#"{"id":"\#(a)","request":{"url":"/kept"}}"#)
        admin.create(#"{"request":{"url":"/dropped"}}"#)
        let body =
            #"{"mappings":[{"id":"\#(a)","request":{"url":"/kept2"}},{"request":{"url":"/new"}}],"importOptions":{"deleteAllNotInImport":true}}"#
        admin.call("POST", "/__admin/mappings/import", body)
        #expect(Set(admin.listedURLs()) == ["/kept2", "/new"])
    }

    @Test func badImportChangesNothing() {
        let admin = AdminHarness()
        admin.create(#"{"request":{"url":"/a"}}"#)
        let bad = admin.call(
            "POST", "/__admin/mappings/import",
            #"{"mappings":[{"request":{"url":"/x"}},{"request":{"method":7}}],"importOptions":{"deleteAllNotInImport":true}}"#
        )
        #expect(bad.status == 422)
        #expect(bad.json["errors"]?[0]?["source"]?["pointer"] == "/mappings/1/request/method")
        let policy = admin.call(
            "POST", "/__admin/mappings/import", #"{"mappings":[],"importOptions":{"duplicatePolicy":"MERGE"}}"#)
        #expect(policy.status == 422)
        #expect(admin.listedURLs() == ["/a"])
    }

    @Test func findAndRemoveByMetadata() {
        let admin = AdminHarness()
        admin.create(#"{"request":{"url":"/a"},"metadata":{"outer":{"inner":42},"tag":"x"}}"#)
        admin.create(#"{"request":{"url":"/b"},"metadata":{"outer":{"inner":7}}}"#)
        admin.create(#"{"request":{"url":"/c"}}"#)
        let pattern = #"{"matchesJsonPath":{"expression":"$.outer","equalToJson":"{\"inner\":42}"}}"#
        let found = admin.call("POST", "/__admin/mappings/find-by-metadata", pattern)
        #expect(found.status == 200)
        #expect(found.json["meta"]?["total"] == 1)
        #expect(found.json["mappings"]?[0]?["request"]?["url"] == "/a")
        let byPath = admin.call("POST", "/__admin/mappings/find-by-metadata", #"{"matchesJsonPath":"$.outer.inner"}"#)
        #expect(byPath.json["meta"]?["total"] == 2)
        #expect(
            admin.call("POST", "/__admin/mappings/remove-by-metadata", #"{"matchesJsonPath":"$.outer"}"#).status == 200)
        #expect(admin.listedURLs() == ["/c"])
        #expect(admin.call("POST", "/__admin/mappings/find-by-metadata", #"{"bogus":1}"#).status == 422)
    }

    @Test func unmatchedStubsAreThoseNoRequestHit() {
        let admin = AdminHarness()
        admin.create(#"{"request":{"url":"/hit"}}"#)
        admin.create(#"{"request":{"url":"/idle1"}}"#)
        admin.create(#"{"request":{"url":"/idle2"}}"#)
        admin.serve("GET", "/hit")
        #expect(admin.listedURLs("/__admin/mappings/unmatched") == ["/idle2", "/idle1"])
        let removed = admin.call("DELETE", "/__admin/mappings/unmatched")
        #expect(removed.status == 200)
        #expect(removed.json["meta"]?["total"] == 2)
        #expect(admin.listedURLs() == ["/hit"])
    }

    @Test func mappingsResetClearsStubsScenariosAndJournal() {
        let admin = AdminHarness()
        admin.create(#"{"scenarioName":"s","request":{"url":"/a"}}"#)
        admin.serve("GET", "/a")
        #expect(admin.call("POST", "/__admin/mappings/reset").status == 200)
        #expect(admin.engine.store.count == 0)
        #expect(admin.engine.store.scenarioStates.isEmpty)
        #expect(admin.engine.journal.count == 0)
    }

    @Test func saveWithoutAFolderMarksStubsPersistent() {
        let admin = AdminHarness()
        let id = admin.create(#"{"request":{"url":"/a"}}"#)
        #expect(admin.call("POST", "/__admin/mappings/save").status == 200)
        #expect(admin.call("GET", "/__admin/mappings/\(id)").json["persistent"] == true)
    }
}
