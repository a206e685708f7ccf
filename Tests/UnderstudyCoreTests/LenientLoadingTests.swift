import Foundation
import Testing
import UnderstudyJSON

@testable import UnderstudyCore

/// What real WireMock folders hold that WireMock loads: loaded leniently (`serve`, the test hosts),
/// each with a warning where something was skipped or cannot match; refused strictly (`check`).
@Suite struct LenientLoadingTests {
    let folders = MappingDirectoryTests()

    @Test func commentsAndTextAfterTheValueAreAcceptedLeniently() throws {
        let root = try folders.makeRoot([
            "mappings/commented.json": """
            { // "url" for an exact match
              "request": {"method": "GET", "url": "/c" /* block */},
              "response": {"status": 200}
            }
            trailing notes WireMock ignores
            """
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let lenient = MappingDirectory(root: root).load(.lenient)
        #expect(lenient.errors.isEmpty && lenient.warnings.isEmpty)
        #expect(lenient.stubs.first?.0.request.url == .url("/c"))
        let strict = MappingDirectory(root: root).load(.strict)
        #expect(strict.stubs.isEmpty)
        #expect(strict.errors.first?.file == "mappings/commented.json")
    }

    @Test func aDuplicateIdIsTakenFromTheLaterFileWithAWarningNamingBoth() throws {
        let id = "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7"
        let root = try folders.makeRoot([
            "mappings/a.json": #"{"id":"\#(id)","request":{"url":"/d"},"response":{"status":201}}"#,
            "mappings/b.json": #"{"id":"\#(id)","request":{"url":"/d"},"response":{"status":202}}"#
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let lenient = MappingDirectory(root: root).load(.lenient)
        #expect(lenient.stubs.map(\.0.response.status) == [202])
        let warning = try #require(lenient.warnings.first)
        #expect(warning.description.contains("mappings/b.json replaces mappings/a.json"))
        #expect(MappingDirectory(root: root).load(.strict).errors.first?.code == 109)
    }

    @Test func aCustomMatcherLoadsButNeverMatchesAndSaysWhyEverywhere() throws {
        let custom =
            #"{"name":"needs java","request":{"method":"GET","url":"/x","customMatcher":{"name":"body-length","parameters":{"max":2}}},"response":{"status":200}}"#
        let root = try folders.makeRoot(["mappings/custom.json": custom])
        defer { try? FileManager.default.removeItem(at: root) }
        let lenient = MappingDirectory(root: root).load(.lenient)
        let stub = try #require(lenient.stubs.first?.0)
        let reason = try #require(stub.request.cannotMatch)
        #expect(reason.contains("customMatcher"))
        #expect(lenient.warnings.first?.description.contains("never matches here") == true)
        // Never matches, even a request the rest of the pattern would take.
        let store = StubStore()
        try store.addInOrder(lenient.stubs)
        #expect(store.match(request("GET", "/x")) == nil)
        // The near-miss report says why.
        let miss = NearMiss(request: request("GET", "/x"), stub: stub, distance: 0)
        #expect(DiffRenderer.render(miss).contains("never matches here"))
        // The admin API's JSON keeps the request as written, and says why in metadata.
        let json = JSONWriter.string(stub.json)
        #expect(json.contains(#""customMatcher":{"name":"body-length""#))
        #expect(json.contains("understudyCannotMatch"))
        // Strictly, it is an error, as before.
        #expect(MappingDirectory(root: root).load(.strict).errors.first?.pointer == "/request/customMatcher")
    }

    @Test func aBrokenFileIsSkippedWithItsLineAndTheRestLoad() throws {
        let root = try folders.makeRoot([
            "mappings/good.json": #"{"request":{"url":"/g"},"response":{"status":200}}"#,
            "mappings/broken.json": "{\n  \"request\": {\n    \"url\": /nope\n}",
            "mappings/low.json": #"{"priority":"LOW","request":{"url":"/l"}}"#,
            "mappings/multi.json":
                #"{"mappings":[{"request":{"url":"/m"}},{"request":{"method":3}},{"request":{"url":"/n"}}]}"#
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let lenient = MappingDirectory(root: root).load(.lenient)
        #expect(lenient.errors.isEmpty)
        #expect(Set(lenient.stubs.compactMap(\.0.request.url?.text)) == ["/g", "/m", "/n"])
        let text = lenient.warnings.map(\.description).joined(separator: "\n")
        #expect(text.contains("mappings/broken.json: skipped the file:") && text.contains("line 3"))
        #expect(text.contains("mappings/low.json at /priority: skipped the file"))
        #expect(text.contains("mappings/multi.json at /mappings/1/request/method: skipped a stub"))
        // Strictly, each file with a problem is an error and nothing of it loads.
        let strict = MappingDirectory(root: root).load(.strict)
        #expect(
            Set(strict.errors.compactMap(\.file)) == [
                "mappings/broken.json", "mappings/low.json", "mappings/multi.json"
            ])
    }

    @Test func anEmptyRegexAndPriorityZeroLoadInBothModes() throws {
        let root = try folders.makeRoot([
            "mappings/empty.json":
                #"{"priority":0,"request":{"url":"/e","headers":{"X":{"matches":""}}},"response":{"status":200}}"#
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        for policy in [LoadPolicy.strict, .lenient] {
            let result = MappingDirectory(root: root).load(policy)
            #expect(result.errors.isEmpty && result.warnings.isEmpty)
            #expect(result.stubs.first?.0.priority == 0)
        }
    }
}
