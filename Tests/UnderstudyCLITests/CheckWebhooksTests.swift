import Foundation
import Testing

/// `understudy check` reads webhooks in all three of WireMock's forms and names a malformed one.
@Suite struct CheckWebhooksTests {
    @Test func goodWebhooksPassAndAMalformedOneIsNamedAtItsPointer() async throws {
        let root = try TemporaryRoot()
        try root.write(
            "mappings/v3.json",
            #"{"request":{"url":"/a"},"serveEventListeners":[{"name":"webhook","parameters":{"method":"POST","url":"http://h/cb","body":"{{originalRequest.body}}"}}]}"#
        )
        try root.write(
            "mappings/v2-list.json",
            #"{"request":{"url":"/b"},"postServeActions":[{"name":"webhook","parameters":{"url":"http://h/cb"}}]}"#)
        try root.write(
            "mappings/v2-object.json", #"{"request":{"url":"/c"},"postServeActions":{"webhook":{"url":"http://h/cb"}}}"#
        )
        try root.write(
            "mappings/bad.json",
            #"{"request":{"url":"/d"},"serveEventListeners":[{"name":"webhook","parameters":{"url":"http://h","delay":{"type":"never"}}}]}"#
        )
        let output = try await CLIProcess.run(["check", "--root", root.url.path])
        #expect(output.status == 1)
        #expect(output.stdout.contains("bad.json at /serveEventListeners/0/parameters/delay/type"))
        #expect(output.stdout.contains("1 problem"))
        #expect(!output.stdout.contains("v3.json"))
        #expect(!output.stdout.contains("v2-list.json"))
        #expect(!output.stdout.contains("v2-object.json"))
    }
}
