import Foundation
import RandomSupport
import Testing
import UnderstudyJSON

@testable import UnderstudyTemplating

/// A message template's short form (text and `{{message.body}}` joined) must write exactly what
/// the general render writes, escaping included.
@Suite struct MessageTemplateTests {
    static let shortForms = [
        "{{message.body}}", #"{"echo":"{{message.body}}"}"#, "{{{message.body}}}", "{{& message.body}}",
        "<{{message.body}}|{{{message.body}}}>", "  {{message.body}}\n{{message.body}}  ", "no expressions {"
    ]
    /// Templates that take the general path, to check the dispatch too.
    static let generalForms = [
        "{{message.body}} {{request.method}}", "{{this.message.body}}", "{{#if message.body}}[{{message.body}}]{{/if}}",
        "{{message}}", "{{message.body.length}}"
    ]

    static let pieces = [
        "a", "Z", "0", " ", "&", "<", ">", "\"", "'", "`", "=", "&amp;", "{{", "}}", "\\", "\n", "\t", "é", "e\u{301}",
        "中文", "😀", "👩‍👩‍👧", "\u{0}", "\u{FEFF}", "%20", "null"
    ]

    static func bodies() -> [String] {
        var random = SeededRandom(seed: 14)
        var bodies = ["", " ", "&<>\"'`=", "plain", String(repeating: "=", count: 300)]
        for _ in 0..<300 {
            let count = Int.random(in: 0...24, using: &random)
            bodies.append((0..<count).map { _ in pieces.randomElement(using: &random)! }.joined())
        }
        return bodies
    }

    struct Request: TemplateRequest {
        var templateID = "6f1c2e0a-5b7d-4c8e-9a1f-2d3e4f5a6b7c"
        var method = "GET"
        var url = "/echo"
        var scheme = "http"
        var host = "localhost"
        var port = 8080
        var clientIP = "127.0.0.1"
        var absoluteURL: String { "\(scheme)://\(host):\(port)\(url)" }
        var body = Data()
        var bodyText: String { "" }
        var templateHeaders: [(name: String, values: [String])] = []
        var cookies: [(name: String, values: [String])] = []
        func templateParts() -> [TemplateRequestPart] { [] }
    }

    @Test(arguments: shortForms + generalForms, TemplateEscaping.allCases)
    func rendersAsTheGeneralPath(_ source: String, _ escaping: TemplateEscaping) throws {
        let template = try Template(source)
        let compiled = MessageTemplate(template)
        #expect((compiled.pieces != nil) == Self.shortForms.contains(source))
        let environment = TemplateEnvironment(escaping: escaping)
        for body in Self.bodies() {
            let general = try template.render(
                channelRequest: Request(), message: ["body": .string(body)], environment: environment)
            let short = try compiled.render(channelRequest: Request(), messageBody: body, environment: environment)
            #expect(Array(short.utf8) == Array(general.utf8), "body: \(body.debugDescription)")
        }
    }

    /// Past the render's output limit the short form gives way, so the error is the general one.
    @Test func tooLargeAnOutputFailsAsTheGeneralPath() throws {
        let template = try Template("{{message.body}}{{message.body}}")
        let body = String(repeating: "x", count: TemplateRenderLimits.standard.outputBytes / 2 + 1)
        let general = #expect(throws: TemplateError.self) {
            try template.render(channelRequest: Request(), message: ["body": .string(body)])
        }
        let short = #expect(throws: TemplateError.self) {
            try MessageTemplate(template).render(channelRequest: Request(), messageBody: body)
        }
        #expect(short?.description == general?.description)
    }

    @Test func jsonPathReadsTheMessageBodyAsJSON() throws {
        // graphql-transport-ws: the answer names the subscription's id.
        let template = try Template(#"{"id":"{{jsonPath message.body '$.id'}}","type":"next"}"#)
        let rendered = try template.render(
            channelRequest: Request(), message: ["body": .string(#"{"id":"7","type":"subscribe"}"#)])
        #expect(rendered == #"{"id":"7","type":"next"}"#)
    }
}
