import Foundation
import Testing
import UnderstudyTemplating

/// The templating module renders against any request value, not only the core's logged request.
@Suite struct TemplateRequestTests {
    struct PlainRequest: TemplateRequest {
        var templateID = "0b7a1f52-52f0-4a59-8a26-1c8e0f4e4c11"
        var method = "POST"
        var url = "/users/42?q=a%20b&q=c"
        var scheme = "http"
        var host = "api.local"
        var port = 8080
        var clientIP = "127.0.0.1"
        var absoluteURL: String { "\(scheme)://\(host):\(port)\(url)" }
        var body = Data("whole body".utf8)
        var bodyText: String { String(decoding: body, as: UTF8.self) }
        var templateHeaders: [(name: String, values: [String])] = [("X-Id", ["7", "8"])]
        var cookies: [(name: String, values: [String])] = [("session", ["s1"])]
        var parts: [TemplateRequestPart] = [
            TemplateRequestPart(
                name: "file", fileName: "a.txt", headers: [("Content-Type", ["text/plain"])], body: Data("part".utf8))
        ]
        func templateParts() -> [TemplateRequestPart] { parts }
    }

    @Test(arguments: [
        ("{{request.method}} {{request.path.[1]}}", "POST 42"),
        ("{{request.query.q}} {{request.query.q.[1]}}", "a b c"),
        ("{{request.headers.x-id}}/{{request.headers.X-Id.[1]}}", "7/8"),
        ("{{request.cookies.session}}", "s1"),
        ("{{request.baseUrl}} {{request.id}}", "http://api.local:8080 0b7a1f52-52f0-4a59-8a26-1c8e0f4e4c11"),
        ("{{request.body}}", "whole body"),
        ("{{request.multipart}} {{request.parts.file.body}} {{request.parts.file.binary}}", "true part true"),
        ("{{request.parts.file.headers.content-type}}", "text/plain")
    ])
    func rendersAnyTemplateRequest(_ template: String, _ expected: String) throws {
        #expect(try Template(template).render(PlainRequest()) == expected)
    }
}
