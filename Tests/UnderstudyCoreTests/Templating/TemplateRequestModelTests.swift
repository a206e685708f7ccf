import Foundation
import Testing
import UnderstudyTemplating

@testable import UnderstudyCore

@Suite struct TemplateRequestModelTests {
    let sample = LoggedRequest(
        id: UUID(uuidString: "3F2504E0-4F89-41D3-9A0C-0305E82C3301") ?? UUID(),
        method: "POST", url: "/users/42/a%20b?q=one&q=two&filter%5Bid%5D=7", scheme: "http", host: "api.local",
        port: 8080,
        clientIP: "10.0.0.9",
        headers: [
            "X-Request-Id": "abc", "Accept": "json", "Cookie": "session=s1; theme=dark",
            "Content-Type": "application/json"
        ],
        body: Data(#"{"name":"Ann","tags":["a","b"]}"#.utf8))

    @Test func url() throws {
        #expect(
            try render("{{request.url}}", sample, escaping: .wiremock2)
                == "/users/42/a%20b?q&#x3D;one&amp;q&#x3D;two&amp;filter%5Bid%5D&#x3D;7")
        #expect(try render("{{request.url}}", sample) == "/users/42/a%20b?q=one&q=two&filter%5Bid%5D=7")
    }
    @Test func rawURL() throws {
        #expect(try render("{{{request.url}}}", sample) == "/users/42/a%20b?q=one&q=two&filter%5Bid%5D=7")
    }
    @Test func path() throws { #expect(try render("{{request.path}}", sample) == "/users/42/a%20b") }
    @Test func pathSegmentsByIndex() throws {
        #expect(try render("{{request.path.[0]}} {{request.path.1}} {{request.path.[2]}}", sample) == "users 42 a b")
    }
    @Test func pathSegmentsList() throws {
        #expect(try render("{{request.pathSegments.[1]}} {{size request.pathSegments}}", sample) == "42 3")
    }
    @Test func pathTemplateVariables() throws {
        let rendered = try Template("{{request.path.userId}}").render(sample, pathVariables: ["userId": "42"])
        #expect(rendered == "42")
    }
    @Test func queryFirstIndexedFirstLast() throws {
        #expect(
            try render(
                "{{request.query.q}} {{request.query.q.[1]}} {{request.query.q.first}} {{request.query.q.last}} {{request.query.q.[-1]}}",
                sample)
                == "one two one two two")
        #expect(try render("{{lookup request.query 'filter[id]'}}", sample) == "7")
        #expect(try render("{{#each request.query.q}}{{this}};{{/each}}", sample) == "one;two;")
    }
    @Test func method() throws { #expect(try render("{{request.method}}", sample) == "POST") }
    @Test func hostPortScheme() throws {
        #expect(try render("{{request.scheme}}://{{request.host}}:{{request.port}}", sample) == "http://api.local:8080")
    }
    @Test func baseUrl() throws { #expect(try render("{{{request.baseUrl}}}", sample) == "http://api.local:8080") }
    @Test func clientIp() throws { #expect(try render("{{request.clientIp}}", sample) == "10.0.0.9") }
    @Test func headersCaseInsensitiveAndOddNames() throws {
        #expect(
            try render(
                "{{request.headers.X-Request-Id}} {{request.headers.x-request-id}} {{request.headers.[X-Request-Id]}}",
                sample) == "abc abc abc")
        #expect(try render("{{request.headers.Missing}}|", sample) == "|")
    }
    @Test func cookies() throws {
        #expect(try render("{{request.cookies.session}} {{request.cookies.theme}}", sample) == "s1 dark")
    }
    @Test func body() throws {
        #expect(try render("{{{request.body}}}", sample) == #"{"name":"Ann","tags":["a","b"]}"#)
    }
    @Test func bodyAsBase64() throws {
        #expect(
            try render("{{{request.bodyAsBase64}}}", sample)
                == Data(#"{"name":"Ann","tags":["a","b"]}"#.utf8).base64EncodedString())
    }
    @Test func id() throws { #expect(try render("{{request.id}}", sample) == "3f2504e0-4f89-41d3-9a0c-0305e82c3301") }
    @Test func multipartParts() throws {
        let body = "--XX\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\nhello\r\n--XX--\r\n"
        let request = LoggedRequest(
            method: "POST", url: "/up", headers: ["Content-Type": "multipart/form-data; boundary=XX"],
            body: Data(body.utf8))
        #expect(try render("{{request.multipart}} {{request.parts.text.body}}", request) == "true hello")
    }
}
