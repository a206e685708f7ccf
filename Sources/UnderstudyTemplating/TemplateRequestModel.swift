import Foundation
import UnderstudyJSON

/// WireMock's `request` model: `{{request.path.[1]}}`, `{{request.query.q}}`, `{{request.headers.X-Id}}`…
///
/// Each part is worked out on first use, once per render, so a template that only reads the path
/// pays nothing for headers, cookies or the query.
final class TemplateRequestModel: TemplateModel {
    let request: any TemplateRequest
    /// Values of the stub's `urlPathTemplate` variables (`request.path.contactId`).
    let pathVariables: [String: String]

    init(_ request: any TemplateRequest, pathVariables: [String: String] = [:]) {
        self.request = request
        self.pathVariables = pathVariables
    }

    private lazy var pathModel = TemplatePathModel(
        path: String(URLParts.path(of: request.url)), variables: pathVariables)
    private lazy var queryModel = TemplateValuesModel(URLParts.queryParameters(of: request.url), caseInsensitive: false)
    private lazy var headerModel = TemplateValuesModel(request.templateHeaders, caseInsensitive: true)
    private lazy var cookieModel = TemplateValuesModel(request.cookies, caseInsensitive: false)
    private(set) lazy var bodyText: String = request.bodyText
    private lazy var partsModel = TemplatePartsModel(request.templateParts())
    private var graphQLRead = false
    private var graphQLOperation: JSONValue?

    var text: String { request.absoluteURL }

    /// `request.graphql`, read once per render.
    private func graphQL() -> TemplateValue? {
        if !graphQLRead {
            graphQLOperation = TemplateGraphQL.operation(of: request)
            graphQLRead = true
        }
        guard let graphQLOperation else { return nil }
        return TemplateValue.json(graphQLOperation)
    }

    var baseURL: String {
        let defaultPort =
            (request.scheme == "http" && request.port == 80) || (request.scheme == "https" && request.port == 443)
        return "\(request.scheme)://\(request.host)\(defaultPort ? "" : ":\(request.port)")"
    }

    func member(_ name: String) -> TemplateValue? {
        switch name {
        case "id": return .string(request.templateID)
        case "url": return .string(request.url)
        case "path": return .model(pathModel)
        case "pathSegments": return .list(pathModel.segments.map { .string($0) })
        case "query": return .model(queryModel)
        case "method": return .string(request.method)
        case "host": return .string(request.host)
        case "port": return .int(request.port)
        case "scheme": return .string(request.scheme)
        case "baseUrl": return .string(baseURL)
        case "clientIp": return .string(request.clientIP)
        case "headers": return .model(headerModel)
        case "cookies": return .model(cookieModel)
        case "body": return .string(bodyText)
        case "bodyAsBase64": return .string(request.body.base64EncodedString())
        case "requestLine": return .model(TemplateRequestLineModel(self))
        case "multipart": return .bool(!partsModel.parts.isEmpty)
        case "parts": return .model(partsModel)
        case "graphql": return graphQL()
        default: return nil
        }
    }

    var entries: [(key: String, value: TemplateValue)] {
        ["id", "url", "path", "method", "host", "port", "scheme", "baseUrl", "clientIp", "headers", "cookies", "body"]
            .compactMap { key in
                member(key).map { (key, $0) }
            }
    }
}

/// WireMock 2's `request.requestLine`: the request line's parts (`method`, `scheme`, `host`, `port`,
/// `path`, `pathSegments`, `query`, `url`, `baseUrl`), which real stubs written for WireMock 2 use.
final class TemplateRequestLineModel: TemplateModel {
    let request: TemplateRequestModel

    init(_ request: TemplateRequestModel) { self.request = request }

    static let names = ["method", "scheme", "host", "port", "path", "pathSegments", "query", "url", "baseUrl"]

    var text: String { request.request.url }

    func member(_ name: String) -> TemplateValue? {
        Self.names.contains(name) ? request.member(name) : nil
    }

    var entries: [(key: String, value: TemplateValue)] {
        Self.names.compactMap { key in member(key).map { (key, $0) } }
    }
}

/// `request.path`: prints the whole path; `.[n]` or `.n` is a segment, `.name` a template variable.
final class TemplatePathModel: TemplateModel {
    let path: String
    let variables: [String: String]
    /// Non-empty segments, percent-decoded.
    lazy var segments: [String] = URLParts.split(path[...], on: UInt8(ascii: "/")).map {
        FormDecoding.decode(String($0), plusAsSpace: false)
    }

    init(path: String, variables: [String: String]) {
        self.path = path
        self.variables = variables
    }

    var text: String { path }

    func member(_ name: String) -> TemplateValue? {
        if !variables.isEmpty, let value = variables[name] {
            return .string(FormDecoding.decode(value, plusAsSpace: false))
        }
        if let index = Int(name) {
            let resolved = index < 0 ? segments.count + index : index
            return segments.indices.contains(resolved) ? .string(segments[resolved]) : nil
        }
        return TemplateValue.element(of: segments.map { .string($0) }, named: name)
    }

    var entries: [(key: String, value: TemplateValue)] {
        segments.enumerated().map { (String($0.offset), .string($0.element)) }
    }
}

/// Named multi-values: the query, headers (names compare case-insensitively) and cookies.
final class TemplateValuesModel: TemplateModel {
    let pairs: [(name: String, values: [String])]
    let caseInsensitive: Bool

    init(_ pairs: [(name: String, values: [String])], caseInsensitive: Bool) {
        self.pairs = pairs
        self.caseInsensitive = caseInsensitive
    }

    var text: String { "{" + pairs.map { "\($0.name)=\($0.values)" }.joined(separator: ", ") + "}" }

    func member(_ name: String) -> TemplateValue? {
        let found =
            caseInsensitive ? pairs.first { $0.name.equalsIgnoringASCIICase(name) } : pairs.first { $0.name == name }
        return found.map { .multi($0.values) }
    }

    var entries: [(key: String, value: TemplateValue)] { pairs.map { ($0.name, .multi($0.values)) } }
}

/// `request.parts.<name>`: multipart parts with `headers`, `body`, `bodyAsBase64`, `binary`.
final class TemplatePartsModel: TemplateModel {
    let parts: [TemplateRequestPart]

    init(_ parts: [TemplateRequestPart]) { self.parts = parts }

    var text: String { "" }

    func member(_ name: String) -> TemplateValue? {
        guard let part = parts.first(where: { $0.name == name }) else { return nil }
        return .model(TemplatePartModel(part))
    }

    var entries: [(key: String, value: TemplateValue)] {
        parts.compactMap { part in part.name.map { ($0, .model(TemplatePartModel(part))) } }
    }
}

final class TemplatePartModel: TemplateModel {
    let part: TemplateRequestPart
    init(_ part: TemplateRequestPart) { self.part = part }

    var text: String { String(decoding: part.body, as: UTF8.self) }

    func member(_ name: String) -> TemplateValue? {
        switch name {
        case "name": return .string(part.name ?? "")
        case "body": return .string(text)
        case "bodyAsBase64": return .string(part.body.base64EncodedString())
        case "binary":
            return .bool(part.header("Content-Transfer-Encoding")?.lowercased() == "binary" || part.fileName != nil)
        case "headers": return .model(TemplateValuesModel(part.headers, caseInsensitive: true))
        default: return nil
        }
    }

    var entries: [(key: String, value: TemplateValue)] {
        ["name", "headers", "body"].compactMap { key in member(key).map { (key, $0) } }
    }
}

/// Byte-level URL splitting for the request model: cheaper than Character-based `split`, which
/// matters when a template is rendered for every request.
enum URLParts {
    static func path(of url: String) -> Substring {
        guard let q = url.utf8.firstIndex(of: UInt8(ascii: "?")) else { return url[...] }
        return url[..<q]
    }

    /// Non-empty pieces of `text` between `separator` bytes.
    static func split(_ text: Substring, on separator: UInt8) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        let utf8 = text.utf8
        while index < text.endIndex {
            if utf8[index] == separator {
                if start < index { pieces.append(text[start..<index]) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start < text.endIndex { pieces.append(text[start..<text.endIndex]) }
        return pieces
    }

    /// Query parameters decoded (`+` and `%20` are spaces), in order, values grouped by name.
    static func queryParameters(of url: String) -> [(name: String, values: [String])] {
        guard let q = url.utf8.firstIndex(of: UInt8(ascii: "?")) else { return [] }
        var result: [(name: String, values: [String])] = []
        for pair in split(url[url.utf8.index(after: q)...], on: UInt8(ascii: "&")) {
            let name: String
            let value: String
            if let eq = pair.utf8.firstIndex(of: UInt8(ascii: "=")) {
                name = FormDecoding.decode(String(pair[..<eq]), plusAsSpace: true)
                value = FormDecoding.decode(String(pair[pair.utf8.index(after: eq)...]), plusAsSpace: true)
            } else {
                name = FormDecoding.decode(String(pair), plusAsSpace: true)
                value = ""
            }
            if let i = result.firstIndex(where: { $0.name == name }) {
                result[i].values.append(value)
            } else {
                result.append((name, [value]))
            }
        }
        return result
    }
}
