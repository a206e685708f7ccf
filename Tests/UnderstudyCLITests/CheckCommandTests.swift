import Foundation
import Testing

@Suite struct CheckCommandTests {
    @Test func aGoodFolderPassesAndCountsItsStubs() async throws {
        let root = try TemporaryRoot()
        try root.write("mappings/a.json", #"{"request":{"urlPath":"/a"},"response":{"bodyFileName":"a.json"}}"#)
        try root.write("mappings/nested/b.json", #"{"mappings":[{"request":{"url":"/b"}},{"request":{"url":"/c"}}]}"#)
        try root.write("__files/a.json", "{}")
        let output = try await CLIProcess.run(["check", "--root", root.url.path])
        #expect(output.status == 0)
        #expect(output.stdout.contains("2 mapping files, 3 stubs, 0 problems"))
    }

    @Test func everyProblemIsListedWithFilePointerAndReason() async throws {
        let root = try TemporaryRoot()
        try root.write("mappings/bad-regex.json", #"{"request":{"urlPattern":"/a["}}"#)
        try root.write("mappings/bad-operator.json", #"{"request":{"headers":{"Accept":{"matching":"x"}}}}"#)
        try root.write("mappings/not-json.json", "{ nope")
        try root.write("mappings/escape.json", #"{"response":{"bodyFileName":"../../etc/passwd"}}"#)
        try root.write("mappings/missing.json", #"{"response":{"bodyFileName":"nothing-here.txt"}}"#)
        let output = try await CLIProcess.run(["check", "--root", root.url.path])
        #expect(output.status == 1)
        #expect(output.stdout.contains("bad-regex.json at /request/urlPattern"))
        #expect(
            output.stdout.contains(
                #"bad-operator.json at /request/headers/Accept: {"matching":"x"} is not a valid match operation"#))
        #expect(output.stdout.contains("not-json.json"))
        #expect(
            output.stdout.contains(
                "escape.json at /response/bodyFileName: bodyFileName '../../etc/passwd' points outside __files"))
        #expect(
            output.stdout.contains(
                "missing.json at /response/bodyFileName: bodyFileName 'nothing-here.txt' does not exist"))
        #expect(output.stdout.contains("5 problems"))
    }

    @Test func methodListsPassAndABadListIsNamed() async throws {
        let root = try TemporaryRoot()
        try root.write("mappings/listed.json", #"{"request":{"method":{"oneOf":["GET","POST"]},"urlPath":"/a"}}"#)
        try root.write("mappings/excluded.json", #"{"request":{"method":{"noneOf":["DELETE"]},"urlPath":"/b"}}"#)
        try root.write("mappings/bad.json", #"{"request":{"method":{"oneOf":["GET",1]},"urlPath":"/c"}}"#)
        let output = try await CLIProcess.run(["check", "--root", root.url.path])
        #expect(output.status == 1)
        #expect(output.stdout.contains("bad.json at /request/method/oneOf/1"))
        #expect(output.stdout.contains("1 problem"))
        #expect(!output.stdout.contains("listed.json"))
        #expect(!output.stdout.contains("excluded.json"))
    }

    /// Streaming stubs are our own extension, so a misspelt field is named rather than ignored.
    @Test func streamingStubsPassAndAMistakeIsNamedWhereItIs() async throws {
        let root = try TemporaryRoot()
        try root.write(
            "mappings/events.json",
            #"{"request":{"url":"/e"},"response":{"serverSentEvents":{"events":[{"id":"1","data":{"a":1}}]}}}"#)
        try root.write(
            "mappings/chunks.json",
            #"{"request":{"url":"/c"},"response":{"bodyChunks":[{"text":"a","delayMilliseconds":5}]}}"#)
        try root.write(
            "mappings/typo.json",
            #"{"request":{"url":"/t"},"response":{"serverSentEvents":{"events":[{"data":"a","delayMiliseconds":5}]}}}"#)
        let output = try await CLIProcess.run(["check", "--root", root.url.path])
        #expect(output.status == 1)
        #expect(
            output.stdout.contains("typo.json at /response/serverSentEvents/events/0/delayMiliseconds"),
            "\(output.stdout)")
        #expect(output.stdout.contains("1 problem"))
        #expect(!output.stdout.contains("events.json"))
        #expect(!output.stdout.contains("chunks.json"))
    }

    @Test func aMissingFolderIsAClearError() async throws {
        let output = try await CLIProcess.run(["check", "--root", "/definitely/not/here"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("does not exist"))
    }

    @Test func usageErrorsExitWith64() async throws {
        let output = try await CLIProcess.run(["check", "--no-such-flag"])
        #expect(output.status == 64)
    }
}
