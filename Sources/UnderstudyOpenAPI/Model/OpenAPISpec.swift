import Foundation
import UnderstudyJSON

/// An OpenAPI 3.0 or 3.1 document, loaded, checked and compiled: its operations, indexed by path
/// template, with their schemas compiled once for the whole document.
public struct OpenAPISpec: Sendable {
    /// The file it was loaded from.
    public let file: String
    /// Every operation, in the spec's order.
    public let operations: [OpenAPIOperation]
    /// The merged document (sibling files included), for resolving `$ref`s while generating.
    let document: JSONValue
    let validators: [JSONSchemaValidator]
    let index: PathTemplateIndex
    /// The paths of the document's server URLs (`/v1`), which requests may carry before a template.
    let basePaths: [String]
    /// What loading passed over without failing (a `$ref` in an `x-` extension that cannot be
    /// loaded, an example that breaks its own schema), each with its file, line and pointer.
    public var warnings: [OpenAPISpecError] = []

    /// Loads a spec from a YAML or JSON file, with the sibling files its `$ref`s name.
    /// - Throws: ``OpenAPISpecError`` with the file, line and reason when the spec does not
    ///   parse, is not a valid OpenAPI 3.0/3.1 document, has a `$ref` that does not resolve, or
    ///   holds a schema that does not compile.
    public static func load(_ url: URL) throws(OpenAPISpecError) -> OpenAPISpec {
        let bundle = try SpecBundle.load(url)
        let version = try StructureCheck.version(bundle)
        // In turn, on the caller's thread: the check now costs about a tenth of a 1,000-operation
        // load, too little to be worth a thread of its own and a blocking wait to join it. A
        // structural problem is the one a broken spec reports.
        try StructureCheck.check(bundle, version: version)
        return try compile(bundle, version: version, file: url.path)
    }

    /// The operations and schemas of a checked document.
    private static func compile(_ bundle: SpecBundle, version: StructureCheck.Version, file: String)
        throws(OpenAPISpecError) -> OpenAPISpec
    {
        var document = bundle.root
        if version == .v30 { document = NullableRewriter.rewrite(document) }
        var builder = OperationBuilder(document: document, bundle: bundle)
        let drafts = try builder.operations()
        let validators: [JSONSchemaValidator]
        do {
            validators = try JSONSchemaValidator.compile(
                builder.schemaLocations, in: document, version: version == .v30 ? .v4 : .v202012,
                assertingFormats: true, openAPIVocabulary: true)
        } catch {
            // The compiler names the location as "at #/pointer: reason".
            let message = String(describing: error)
            var pointer = ""
            if message.hasPrefix("at #"), let colon = message.range(of: ": ") {
                pointer = String(message[message.index(message.startIndex, offsetBy: 4)..<colon.lowerBound])
            }
            throw bundle.error(at: pointer, "the schema does not compile: \(message)")
        }
        let operations = drafts.map { draft in
            OpenAPIOperation(
                method: draft.method, pathTemplate: draft.pathTemplate, specPointer: draft.specPointer,
                file: file, parameters: draft.parameters, body: draft.body, responses: draft.responses,
                security: draft.security)
        }
        return OpenAPISpec(
            file: file, operations: operations, document: document, validators: validators,
            index: PathTemplateIndex(operations.map { ($0.pathTemplate, $0.method) }),
            basePaths: Self.basePaths(document),
            warnings: bundle.warnings + ExampleCheck.warnings(operations, validators: validators, bundle: bundle)
                + UnsatisfiableSchemaCheck.warnings(operations, document: document, bundle: bundle))
    }

    /// The operation for a method and an (encoded) path, with the path's parameters decoded.
    /// `.methodNotAllowed` carries the methods the path has.
    func lookup(method: String, path: String) -> PathTemplateIndex.Lookup {
        var best = index.lookup(method: method, path: path)
        if case .found = best { return best }
        for base in basePaths where path.hasPrefix(base + "/") || path == base {
            let rest = String(path.dropFirst(base.count))
            let result = index.lookup(method: method, path: rest.isEmpty ? "/" : rest)
            switch result {
            case .found: return result
            case .methodNotAllowed: best = result
            case .notFound: break
            }
        }
        return best
    }

    private static func basePaths(_ document: JSONValue) -> [String] {
        let urls = document["servers"]?.arrayValue?.compactMap { $0["url"]?.stringValue } ?? []
        var result: [String] = []
        for url in urls {
            var rest = Substring(url)
            if let scheme = rest.range(of: "://") {
                rest = rest[scheme.upperBound...]
                guard let slash = rest.firstIndex(of: "/") else { continue }
                rest = rest[slash...]
            }
            var path = String(rest)
            while path.hasSuffix("/") { path.removeLast() }
            // A base path with server variables in it cannot be matched literally.
            guard path.hasPrefix("/"), !path.contains("{"), !result.contains(path) else { continue }
            result.append(path)
        }
        return result.sorted { $0.count > $1.count }
    }
}

extension OpenAPISpec {
    /// The path template a method and path reach, for messages.
    func lookupTemplate(method: String, path: String) -> String? {
        guard case .found(let index, _) = lookup(method: method, path: path) else { return nil }
        return operations[index].pathTemplate
    }
}
