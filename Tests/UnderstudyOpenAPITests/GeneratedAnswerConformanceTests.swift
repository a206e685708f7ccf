import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON

@testable import UnderstudyOpenAPI

/// Issue 29: an answer generated from a spec keeps the spec's own contract. For every operation of
/// every spec the suite has (the real descriptions in `../shared/realworld/openapi`, the examples),
/// every documented response and media type, fixed and `Prefer: dynamic=true`, the answer passes
/// the response check of the same contract.
@Suite struct GeneratedAnswerConformanceTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let realWorld = repository.deletingLastPathComponent().appendingPathComponent("shared/realworld/openapi")

    static var specFiles: [URL] {
        let real =
            ((try? FileManager.default.contentsOfDirectory(atPath: realWorld.path)) ?? []).sorted().map {
                realWorld.appendingPathComponent($0)
            }
        let examples = ["Examples/OpenAPI/pets-3.0.yaml", "Examples/StatusPoster/openapi.yaml"].map {
            repository.appendingPathComponent($0)
        }
        return real + examples
    }

    @Test func theRealDescriptionsAreHereInCI() {
        let required = ProcessInfo.processInfo.environment["UNDERSTUDY_REQUIRE_REALWORLD"] == "1"
        let count = ((try? FileManager.default.contentsOfDirectory(atPath: Self.realWorld.path)) ?? []).count
        #expect(!required || count >= 4, "expected the real OpenAPI descriptions in \(Self.realWorld.path)")
    }

    /// A path that reaches the template: each `{name}` filled with `1`.
    static func concretePath(_ template: String) -> String {
        var path = ""
        var inside = false
        for character in template {
            if character == "{" {
                inside = true
                path += "1"
            } else if character == "}" {
                inside = false
            } else if !inside {
                path.append(character)
            }
        }
        return path
    }

    /// The status a `Prefer: code=` asks for to get each documented response.
    static func code(for status: String, among all: [String]) -> Int? {
        if let code = Int(status) { return code }
        if status.count == 3, status.hasSuffix("XX"), let first = Int(status.prefix(1)) {
            return (first * 100..<first * 100 + 100).first { !all.contains(String($0)) }
        }
        if status == "default" { return [500, 503, 418].first { !all.contains(String($0)) } }
        return nil
    }

    @Test(arguments: specFiles.map(\.lastPathComponent))
    func everyGeneratedAnswerConformsToItsOwnSpec(_ name: String) throws {
        let file = try #require(Self.specFiles.first { $0.lastPathComponent == name })
        let spec = try OpenAPISpec.load(file)
        let contract = OpenAPIContract(specs: [spec])
        var failures: [String] = []
        var checked = 0
        for operation in spec.operations {
            let path = Self.concretePath(operation.pathTemplate)
            guard let (_, id) = contract.operation(method: operation.method, path: path) else {
                failures.append("\(operation.method) \(path): no operation found")
                continue
            }
            for rule in operation.responses {
                guard let code = Self.code(for: rule.status, among: operation.documentedStatuses) else { continue }
                let mediaTypes = rule.content.isEmpty ? [nil] : rule.content.map { Optional($0.mediaType) }
                for mediaType in mediaTypes where mediaType?.contains("*") != true {
                    for dynamic in [false, true, true] {
                        var headers: HeaderFields = ["Prefer": "code=\(code)\(dynamic ? ", dynamic=true" : "")"]
                        if let mediaType { headers.add("Accept", mediaType) }
                        let answer = contract.answer(
                            LoggedRequest(method: operation.method, url: path, headers: headers), operation: id)
                        let response = LoggedResponse(status: answer.status, headers: answer.headers, body: answer.body)
                        checked += 1
                        let violations = contract.checkResponse(response, operation: id)
                        if !violations.isEmpty {
                            let body = String(decoding: answer.body.prefix(300), as: UTF8.self)
                            failures.append(
                                "\(operation.method) \(operation.pathTemplate) \(rule.status) \(mediaType ?? "-")"
                                    + "\(dynamic ? " dynamic" : ""): \(violations.map { "\($0.pointer) \($0.reason)" }) body \(body)"
                            )
                        }
                    }
                }
            }
        }
        #expect(checked > 0)
        #expect(failures.count == 0, "\(failures.count) of \(checked) answers break \(name): \(failures.prefix(8))")
    }
}
