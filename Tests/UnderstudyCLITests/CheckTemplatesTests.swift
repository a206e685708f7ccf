import Foundation
import Testing

@Suite struct CheckTemplatesTests {
    @Test func brokenTemplatesAreReportedWithFilePointerAndPosition() async throws {
        let root = try TemporaryRoot()
        try root.write(
            "mappings/good.json",
            #"{"request":{"url":"/g"},"response":{"body":"{{request.path.[0]}}","transformers":["response-template"]}}"#
        )
        try root.write(
            "mappings/bad-body.json",
            #"{"request":{"url":"/b"},"response":{"body":"ok {{#if x}}","transformers":["response-template"]}}"#)
        try root.write(
            "mappings/bad-json.json",
            #"{"request":{"url":"/j"},"response":{"jsonBody":{"a":["{{add 1 2}}"]},"transformers":["response-template"]}}"#
        )
        try root.write(
            "mappings/bad-file.json",
            #"{"request":{"url":"/f"},"response":{"bodyFileName":"t.txt","transformers":["response-template"]}}"#)
        try root.write("__files/t.txt", "line\n{{/each}}")
        // Not templated in local mode: its braces are plain text.
        try root.write("mappings/untemplated.json", #"{"request":{"url":"/u"},"response":{"body":"{{#if"}}"#)
        let output = try await CLIProcess.run(["check", "--root", root.url.path])
        #expect(output.status == 1)
        #expect(
            output.stdout.contains(
                "bad-body.json at /response/body: [ERROR] 1:6: found end of template, expected: '{{/if}}'"))
        #expect(
            output.stdout.contains("bad-json.json at /response/jsonBody/a/0: [ERROR] 1:2: could not find helper: 'add'")
        )
        #expect(output.stdout.contains("bad-file.json at /response/bodyFileName: in __files/t.txt: [ERROR] 2:3:"))
        #expect(!output.stdout.contains("untemplated.json"))
        #expect(output.stdout.contains("3 problems"))

        let global = try await CLIProcess.run(["check", "--root", root.url.path, "--global-response-templating"])
        #expect(global.stdout.contains("untemplated.json at /response/body"))
        #expect(global.stdout.contains("4 problems"))
    }
}
