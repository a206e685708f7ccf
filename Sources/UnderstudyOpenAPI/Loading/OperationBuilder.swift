import Foundation
import UnderstudyJSON

/// Reads the operations out of a merged, checked document, following `$ref`s to parameters,
/// bodies, responses, headers and examples, and noting each schema's location for compiling.
struct OperationBuilder {
    /// An operation before its schemas are compiled.
    struct Draft {
        let method: String
        let pathTemplate: String
        let specPointer: String
        let parameters: [ParameterRule]
        let body: RequestBodyRule?
        let responses: [ResponseRule]
        let security: SecurityRule?
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
    /// `$ref` chains longer than this are refused (a cycle of references to references).
    static let maximumReferenceChain = 32

    let document: JSONValue
    let bundle: SpecBundle
    /// Where each schema to compile is, as reference tokens; a rule's `schemaIndex` points here.
    private(set) var schemaLocations: [[String]] = []
    private var indexByPointer: [String: Int] = [:]

    init(document: JSONValue, bundle: SpecBundle) {
        self.document = document
        self.bundle = bundle
    }

    mutating func operations() throws(OpenAPISpecError) -> [Draft] {
        guard let paths = document["paths"]?.objectValue else { return [] }
        var result: [Draft] = []
        for path in paths {
            let pathPointer = "/paths/" + YAMLReader.escape(path.key)
            let (item, itemPointer) = try resolve(path.value, at: pathPointer)
            let shared = item["parameters"]?.arrayValue ?? []
            for method in Self.methods {
                guard let operation = item[method], operation.objectValue != nil else { continue }
                let pointer = itemPointer + "/" + method
                var parameters: [ParameterRule] = []
                // Operation-level parameters override path-level ones of the same name and place.
                for (offset, parameter) in (operation["parameters"]?.arrayValue ?? []).enumerated() {
                    parameters.append(try parameterRule(parameter, at: pointer + "/parameters/\(offset)"))
                }
                for (offset, parameter) in shared.enumerated() {
                    let rule = try parameterRule(parameter, at: itemPointer + "/parameters/\(offset)")
                    if !parameters.contains(where: { $0.name == rule.name && $0.location == rule.location }) {
                        parameters.append(rule)
                    }
                }
                var body: RequestBodyRule?
                if let requestBody = operation["requestBody"] {
                    let (value, bodyPointer) = try resolve(requestBody, at: pointer + "/requestBody")
                    body = RequestBodyRule(
                        required: value["required"]?.boolValue ?? false,
                        content: try mediaRules(value["content"], at: bodyPointer + "/content"), pointer: bodyPointer)
                }
                var responses: [ResponseRule] = []
                for response in operation["responses"]?.objectValue ?? JSONObject() {
                    let (value, responsePointer) = try resolve(
                        response.value, at: pointer + "/responses/" + YAMLReader.escape(response.key))
                    var headers: [HeaderRule] = []
                    for header in value["headers"]?.objectValue ?? JSONObject() {
                        let (headerValue, headerPointer) = try resolve(
                            header.value, at: responsePointer + "/headers/" + YAMLReader.escape(header.key))
                        var schema: JSONValue?
                        var index: Int?
                        if let raw = headerValue["schema"] {
                            schema = try resolve(raw, at: headerPointer + "/schema").0
                            index = schemaIndex(headerPointer + "/schema")
                        }
                        headers.append(
                            HeaderRule(
                                name: header.key, required: headerValue["required"]?.boolValue ?? false,
                                schema: schema, schemaIndex: index,
                                example: headerValue["example"], pointer: headerPointer))
                    }
                    responses.append(
                        ResponseRule(
                            status: response.key.uppercased() == "DEFAULT" ? "default" : response.key.uppercased(),
                            headers: headers,
                            content: try mediaRules(value["content"], at: responsePointer + "/content"),
                            pointer: responsePointer))
                }
                result.append(
                    Draft(
                        method: method.uppercased(), pathTemplate: path.key, specPointer: pointer,
                        parameters: parameters, body: body, responses: responses,
                        security: SecurityRule(operation: operation, at: pointer, document: document)))
            }
        }
        return result
    }

    private mutating func parameterRule(_ value: JSONValue, at pointer: String) throws(OpenAPISpecError)
        -> ParameterRule
    {
        let (parameter, resolved) = try resolve(value, at: pointer)
        guard let name = parameter["name"]?.stringValue,
            let location = parameter["in"]?.stringValue.flatMap(ParameterLocation.init(rawValue:))
        else {
            throw bundle.error(at: resolved, "a parameter needs a name and an \"in\" of path, query, header or cookie")
        }
        let style = parameter["style"]?.stringValue ?? (location == .query || location == .cookie ? "form" : "simple")
        var schema: JSONValue?
        var index: Int?
        if let raw = parameter["schema"] {
            schema = try resolve(raw, at: resolved + "/schema").0
            index = schemaIndex(resolved + "/schema")
        } else if let content = parameter["content"]?.objectValue, let first = content.members.first,
            let raw = first.value["schema"]
        {
            let schemaPointer = resolved + "/content/" + YAMLReader.escape(first.key) + "/schema"
            schema = try resolve(raw, at: schemaPointer).0
            index = schemaIndex(schemaPointer)
        }
        return ParameterRule(
            name: name, location: location,
            required: location == .path || (parameter["required"]?.boolValue ?? false), style: style,
            explode: parameter["explode"]?.boolValue ?? (style == "form"), schema: schema, schemaIndex: index,
            pointer: resolved)
    }

    private mutating func mediaRules(_ content: JSONValue?, at pointer: String) throws(OpenAPISpecError)
        -> [MediaRule]
    {
        var result: [MediaRule] = []
        for media in content?.objectValue ?? JSONObject() {
            let mediaPointer = pointer + "/" + YAMLReader.escape(media.key)
            var examples: [(name: String, value: JSONValue)] = []
            if let example = media.value["example"] { examples.append(("example", example)) }
            for example in media.value["examples"]?.objectValue ?? JSONObject() {
                let (value, _) = try resolve(
                    example.value, at: mediaPointer + "/examples/" + YAMLReader.escape(example.key))
                if let inner = value["value"] { examples.append((example.key, inner)) }
            }
            var schema: JSONValue?
            var index: Int?
            if let raw = media.value["schema"] {
                schema = try resolve(raw, at: mediaPointer + "/schema").0
                index = schemaIndex(mediaPointer + "/schema")
            }
            let type = MediaTypeName.essence(media.key)
            var rule = MediaRule(
                mediaType: type, schema: schema, schemaIndex: index, examples: examples, pointer: mediaPointer)
            for property in media.value["encoding"]?.objectValue ?? JSONObject() {
                if let contentType = property.value["contentType"]?.stringValue {
                    rule.encoding[property.key] = contentType.lowercased()
                }
            }
            result.append(rule)
        }
        return result
    }

    /// The index of the schema at `pointer` among the locations to compile, added on first use.
    private mutating func schemaIndex(_ pointer: String) -> Int {
        if let known = indexByPointer[pointer] { return known }
        let index = schemaLocations.count
        schemaLocations.append(SpecPointer.tokens(pointer) ?? [])
        indexByPointer[pointer] = index
        return index
    }

    /// Follows `$ref`s from `value` (found at `pointer`) to what they name, and where it is.
    func resolve(_ value: JSONValue, at pointer: String) throws(OpenAPISpecError) -> (JSONValue, String) {
        var current = value
        var location = pointer
        var hops = 0
        while let target = current["$ref"]?.stringValue {
            hops += 1
            guard hops <= Self.maximumReferenceChain else {
                throw bundle.error(at: pointer, "a chain of more than \(Self.maximumReferenceChain) $refs (a cycle?)")
            }
            let next = String(target.dropFirst())
            guard target.hasPrefix("#"), let resolved = SpecPointer.resolve(next, in: document) else {
                throw bundle.error(at: location + "/$ref", "the $ref \"\(target)\" does not resolve")
            }
            current = resolved
            location = next
        }
        return (current, location)
    }
}
