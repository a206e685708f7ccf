import Foundation
import UnderstudyCore
import UnderstudyJSON

/// Mock drift: each stub's response checked against the operation its request pattern reaches,
/// and the stubs that reach none. What `understudy check --openapi` reports.
public struct StubDriftCheck: Sendable {
    /// What the check found.
    public struct Report: Sendable {
        /// Responses that break the contract, each naming the mapping file, the pointer in it,
        /// the spec path and the reason.
        public var problems: [MappingError] = []
        /// Stubs that reach no operation: the file (or "API") and why.
        public var unreached: [String] = []
        /// How many stubs were checked against an operation.
        public var checked = 0
    }

    let contract: OpenAPIContract

    /// A check of stubs against this contract.
    public init(contract: OpenAPIContract) {
        self.contract = contract
    }

    /// Checks every stub, reading `bodyFileName` bodies from `files`.
    public func check(_ stubs: [(StubMapping, StubOrigin)], files: FilesDirectory?) -> Report {
        var report = Report()
        var pointers = MappingPointers()
        for (stub, origin) in stubs {
            let base = pointers.next(from: origin)
            let name = origin.filePath ?? "stub \(stub.id.lowercasedString) (admin API)"
            guard let path = Self.path(of: stub.request.url) else {
                report.unreached.append("\(name): its URL is a regex; which operation it reaches cannot be told")
                continue
            }
            let operations = Self.methods(of: stub.request.method).compactMap {
                contract.operation(method: $0, path: path)
            }
            guard !operations.isEmpty else {
                report.unreached.append("\(name): \(stub.request.method) \(path) reaches no operation in the spec")
                continue
            }
            let definition = stub.response
            // Faults and proxies have no response of their own to check.
            guard definition.fault == nil, definition.proxy == nil else { continue }
            report.checked += 1
            var headers = HeaderFields()
            for header in definition.headers { for value in header.values { headers.add(header.name, value) } }
            let templated = definition.transformers.contains("response-template")
            var body = Data()
            var bodyPointer = "/response/body"
            switch definition.body {
            case .text(let text): body = Data(text.utf8)
            case .json(let json):
                body = JSONWriter.data(json)
                bodyPointer = "/response/jsonBody"
            case .binary(let data):
                body = data
                bodyPointer = "/response/base64Body"
            case .file(let file):
                bodyPointer = "/response/bodyFileName"
                body = (try? files?.read(file)) ?? Data()
            case nil: break
            }
            // A template's body is only known per request: its status and headers are still checked.
            let response = LoggedResponse(status: definition.status, headers: headers, body: templated ? Data() : body)
            for (operation, id) in operations {
                for violation in contract.checkResponse(response, operation: id)
                where !(templated && violation.location == "body") {
                    let pointer: String
                    switch violation.location {
                    case "status": pointer = "/response/status"
                    case "body": pointer = bodyPointer + (bodyPointer == "/response/jsonBody" ? violation.pointer : "")
                    default: pointer = "/response/headers"
                    }
                    let at =
                        violation.pointer.isEmpty || bodyPointer == "/response/jsonBody"
                        ? "" : " at \(violation.pointer)"
                    report.problems.append(
                        MappingError(
                            pointer: base + pointer, title: "Response does not match the OpenAPI contract",
                            detail:
                                "\(operation.method) \(operation.pathTemplate) (\(operation.file) \(violation.specPath)): \(violation.location)\(at): \(violation.reason)",
                            file: origin.filePath))
                }
            }
        }
        return report
    }

    /// The path a URL matcher stands for, templates kept (a `{name}` segment reaches the
    /// spec's templated segment); nil for a regex.
    static func path(of matcher: URLMatcher?) -> String? {
        switch matcher {
        case .url(let url): return String(url.prefix { $0 != "?" })
        case .urlPath(let path): return path
        case .urlPathTemplate(let template): return template.template
        case .urlPattern, .urlPathPattern: return nil
        case nil: return nil
        }
    }

    /// The methods a stub's method pattern stands for, among those OpenAPI documents.
    static func methods(of method: RequestMethod) -> [String] {
        let documented = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"]
        return documented.filter { method.matches($0) }
    }
}
