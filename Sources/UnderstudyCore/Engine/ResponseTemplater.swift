import Foundation
import UnderstudyJSON
import UnderstudyTemplating

/// Applies response templating to a stub's response, where WireMock applies it: `body`, string
/// values in `jsonBody`, header values, `bodyFileName` and the file's contents (unless
/// `transformerParameters.disableBodyFileTemplating`), and `proxyBaseUrl`; and in our own
/// streams, each server-sent event's `data` and each `text` body chunk.
public final class ResponseTemplater: Sendable {
    /// The transformer name a stub lists to be templated in local mode.
    public static let transformerName = "response-template"

    /// Which stubs are templated, and how.
    public let configuration: TemplatingConfiguration
    /// The compiled templates kept for reuse.
    public let cache: TemplateCache
    let systemKeys: SystemKeyPolicy

    /// A templater with this configuration.
    public init(_ configuration: TemplatingConfiguration = TemplatingConfiguration()) {
        self.configuration = configuration
        self.cache = TemplateCache(capacity: configuration.maxCacheEntries)
        self.systemKeys = SystemKeyPolicy(permittedKeys: configuration.permittedSystemKeys)
    }

    /// True when this response is to be rendered as a template.
    public func applies(to definition: ResponseDefinition) -> Bool {
        switch configuration.mode {
        case .disabled: return false
        case .global: return true
        case .local: return definition.transformers.contains(Self.transformerName)
        }
    }

    /// The response with every templated part rendered. A body file whose contents are templated
    /// comes back as a `.text` body; one that is not, or cannot be read, stays a `.file` for the
    /// caller to read (and to report as it usually does).
    public func render(
        _ definition: ResponseDefinition, stub: StubMapping, request: LoggedRequest, files: FilesDirectory?,
        now: Date = Date()
    ) throws(TemplateError) -> ResponseDefinition {
        let variables = Self.pathVariables(of: stub, in: request)
        let environment = environment(files: files)
        let context = Context(
            templater: self, request: request, variables: variables, now: now, environment: environment)
        var rendered = definition
        rendered.headers = try definition.headers.map { header throws(TemplateError) in
            NamedValues(header.name, try header.values.map { value throws(TemplateError) in try context.render(value) })
        }
        switch definition.body {
        case .text(let text): rendered.body = .text(try context.render(text))
        case .json(let json) where Self.assignsVariables(json):
            // WireMock 2 renders a jsonBody as one template, so `{{#assign}}` in one field is seen in
            // the next. Only such bodies are rendered whole: elsewhere each value is rendered on its
            // own and stays valid JSON whatever it holds (quotes in a request body, say).
            let text = try context.render(JSONWriter.string(json))
            rendered.body = (try? JSONParser.parse(text)).map { .json($0) } ?? .text(text)
        case .json(let json): rendered.body = .json(try context.render(json))
        case .file(let name):
            let fileName = try context.render(name)
            rendered.body = .file(fileName)
            let disabled = definition.transformerParameters?["disableBodyFileTemplating"]?.boolValue == true
            if !disabled, let files, let data = try? files.read(fileName),
                let text = String(data: data, encoding: .utf8)
            {
                rendered.body = .text(try context.render(text))
            }
        case .binary, nil: break
        }
        if var proxy = definition.proxy {
            proxy.baseURL = try context.render(proxy.baseURL)
            rendered.proxy = proxy
        }
        if var stream = definition.serverSentEvents {
            for i in stream.events.indices {
                if let data = stream.events[i].data { stream.events[i].data = try context.render(data) }
            }
            rendered.serverSentEvents = stream
        }
        if let chunks = definition.bodyChunks {
            rendered.bodyChunks = try chunks.map { chunk throws(TemplateError) in
                guard case .text(let text) = chunk.content else { return chunk }
                return BodyChunk(.text(try context.render(text)), delayMilliseconds: chunk.delayMilliseconds)
            }
        }
        return rendered
    }

    /// Parses every template in a response without rendering it: what `understudy check` reports.
    /// Returns each problem with the JSON pointer of the templated value.
    public func validate(_ definition: ResponseDefinition) -> [(pointer: String, error: TemplateError)] {
        var problems: [(pointer: String, error: TemplateError)] = []
        func check(_ text: String, _ pointer: String) {
            guard text.contains("{{") else { return }
            do { _ = try Template(text) } catch { problems.append((pointer, error)) }
        }
        for header in definition.headers {
            for (i, value) in header.values.enumerated() {
                check(value, "/response/headers/\(Self.escape(header.name))" + (header.values.count > 1 ? "/\(i)" : ""))
            }
        }
        switch definition.body {
        case .text(let text): check(text, "/response/body")
        case .json(let json): Self.strings(in: json, at: "/response/jsonBody") { check($0, $1) }
        case .file(let name): check(name, "/response/bodyFileName")
        case .binary, nil: break
        }
        if let proxy = definition.proxy { check(proxy.baseURL, "/response/proxyBaseUrl") }
        for (i, event) in (definition.serverSentEvents?.events ?? []).enumerated() {
            if let data = event.data {
                Self.strings(in: data, at: "/response/serverSentEvents/events/\(i)/data", check)
            }
        }
        for (i, chunk) in (definition.bodyChunks ?? []).enumerated() {
            if case .text(let text) = chunk.content { check(text, "/response/bodyChunks/\(i)/text") }
        }
        return problems
    }

    static func strings(in json: JSONValue, at pointer: String, _ visit: (String, String) -> Void) {
        switch json {
        case .string(let s): visit(s, pointer)
        case .array(let items): for (i, item) in items.enumerated() { strings(in: item, at: "\(pointer)/\(i)", visit) }
        case .object(let object):
            for member in object { strings(in: member.value, at: "\(pointer)/\(escape(member.key))", visit) }
        default: break
        }
    }

    /// True when a value of the body sets a template variable for the others to read.
    static func assignsVariables(_ json: JSONValue) -> Bool {
        var found = false
        strings(in: json, at: "") { text, _ in
            if !found, text.contains("{{"), text.contains("assign") { found = true }
        }
        return found
    }

    static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// What one response's templates render against.
    struct Context {
        let templater: ResponseTemplater
        let request: LoggedRequest
        let variables: [String: String]
        let now: Date
        let environment: TemplateEnvironment

        func render(_ text: String) throws(TemplateError) -> String {
            // Most values hold no template: skip the cache lookup for them.
            guard text.utf8.count >= 4, text.contains("{{") else { return text }
            let template = try templater.cache.template(text)
            return try template.render(
                request, pathVariables: variables, now: now, systemKeys: templater.systemKeys, environment: environment)
        }

        func render(_ json: JSONValue) throws(TemplateError) -> JSONValue {
            switch json {
            case .string(let s): return .string(try render(s))
            case .array(let items): return .array(try items.map { item throws(TemplateError) in try render(item) })
            case .object(let object):
                return .object(
                    JSONObject(
                        try object.members.map { member throws(TemplateError) in
                            JSONObject.Member(key: member.key, value: try render(member.value))
                        }))
            default: return json
            }
        }
    }
}

extension ResponseTemplater {
    /// The `{name}` values of a `urlPathTemplate` stub's path, for `request.path.name`.
    static func pathVariables(of stub: StubMapping, in request: LoggedRequest) -> [String: String] {
        guard case .urlPathTemplate(let pathTemplate)? = stub.request.url else { return [:] }
        return pathTemplate.match(request.path) ?? [:]
    }

    /// Escaping, partials from `__files` and the RS256 signer, as configured.
    func environment(files: FilesDirectory?) -> TemplateEnvironment {
        TemplateEnvironment(
            escaping: configuration.escaping, partials: files.map { FilesPartialSource(files: $0, cache: cache) },
            rsaSigner: configuration.rsaSigner)
    }
}
