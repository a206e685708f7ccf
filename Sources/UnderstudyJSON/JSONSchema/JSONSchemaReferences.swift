import Foundation

/// Finds where each `$ref` points. Before compiling, every `$id` (`id` in draft 4) and anchor in
/// the schema is indexed by its absolute URI, so references may name a schema by pointer
/// (`#/definitions/a`), by anchor (`#item`), or by the `$id` of an embedded schema. Nothing is
/// ever fetched from the network: a reference outside the schema document is an error.
struct JSONSchemaReferences {
    /// The base URI of a schema without a top-level `$id`; relative references resolve against it.
    static let defaultBase = "https://understudy.invalid/schema.json"

    let root: JSONValue
    private let version: JSONSchemaValidator.Version
    private let idKey: String
    private var resources: [String: [String]] = [:]
    private var anchors: [String: [String]] = [:]

    init(root: JSONValue, version: JSONSchemaValidator.Version) {
        self.root = root
        self.version = version
        idKey = version == .v4 ? "id" : "$id"
        resources[Self.defaultBase] = []
        index(root, at: [], parentBase: Self.defaultBase)
    }

    /// The base URI in force inside `object`, given the base of the schema around it.
    func base(of object: JSONObject, parentBase: String) -> String {
        identity(of: object, parentBase: parentBase).base
    }

    /// The base URI in force around the schema at `tokens` (its parents' `$id`s, not its own).
    func parentBase(of tokens: [String]) -> String {
        var base = Self.defaultBase
        var current = root
        for token in tokens {
            if case .object(let object) = current {
                base = self.base(of: object, parentBase: base)
            }
            guard let next = JSONSchemaPointer.resolve([token], in: current) else { break }
            current = next
        }
        return base
    }

    /// The location (pointer tokens from the document root) that `reference` names.
    func resolve(_ reference: String, base: String) throws -> [String] {
        guard let absolute = Self.join(reference, base: base) else {
            throw JSONSchemaError(message: "$ref \"\(reference)\" is not a valid URI reference")
        }
        let (document, fragment) = Self.split(absolute)
        guard let documentTokens = resources[document] else {
            throw JSONSchemaError(
                message: "$ref \"\(reference)\" cannot be resolved: only references within the schema are supported")
        }
        if fragment.isEmpty || fragment.hasPrefix("/") || fragment.hasPrefix("%2F") || fragment.hasPrefix("%2f") {
            guard let pointer = JSONSchemaPointer.tokens(fromFragment: fragment) else {
                throw JSONSchemaError(message: "$ref \"\(reference)\" has a malformed JSON pointer")
            }
            let tokens = documentTokens + pointer
            guard JSONSchemaPointer.resolve(tokens, in: root) != nil else {
                throw JSONSchemaError(message: "$ref \"\(reference)\" points to nothing in the schema")
            }
            return tokens
        }
        guard let tokens = anchors[document + "#" + fragment] else {
            throw JSONSchemaError(message: "$ref \"\(reference)\" names an anchor that the schema does not define")
        }
        return tokens
    }

    // MARK: - Indexing

    private mutating func index(_ value: JSONValue, at tokens: [String], parentBase: String) {
        guard case .object(let object) = value else { return }
        let identity = identity(of: object, parentBase: parentBase)
        if identity.isNewResource { resources[identity.base] = resources[identity.base] ?? tokens }
        if let anchor = identity.anchor { anchors[identity.base + "#" + anchor] = tokens }
        if version == .v201909 || version == .v202012 {
            for key in ["$anchor", "$dynamicAnchor"] {
                if let name = object[key]?.stringValue { anchors[identity.base + "#" + name] = tokens }
            }
        }
        for member in object {
            switch JSONSchemaSubschemas.kind(of: member.key) {
            case .single:
                index(member.value, at: tokens + [member.key], parentBase: identity.base)
            case .list:
                if case .array(let elements) = member.value {
                    for (i, element) in elements.enumerated() {
                        index(element, at: tokens + [member.key, String(i)], parentBase: identity.base)
                    }
                } else {
                    index(member.value, at: tokens + [member.key], parentBase: identity.base)
                }
            case .map:
                if case .object(let entries) = member.value {
                    for entry in entries {
                        index(entry.value, at: tokens + [member.key, entry.key], parentBase: identity.base)
                    }
                }
            case nil:
                continue
            }
        }
    }

    private func identity(of object: JSONObject, parentBase: String) -> (
        base: String, anchor: String?, isNewResource: Bool
    ) {
        // Before 2019-09, "$ref" replaces the whole schema, so a sibling "$id" means nothing.
        let legacyReference = version == .v4 || version == .v6 || version == .v7
        guard let id = object[idKey]?.stringValue, !(legacyReference && object["$ref"] != nil),
            let absolute = Self.join(id, base: parentBase)
        else { return (parentBase, nil, false) }
        let (document, fragment) = Self.split(absolute)
        return (document, fragment.isEmpty ? nil : fragment, !id.hasPrefix("#"))
    }

    // MARK: - URIs

    static func join(_ reference: String, base: String) -> String? {
        if reference.hasPrefix("#") { return split(base).document + reference }
        guard let baseURL = URL(string: base), let url = URL(string: reference, relativeTo: baseURL) else { return nil }
        return url.absoluteURL.absoluteString
    }

    static func split(_ uri: String) -> (document: String, fragment: String) {
        guard let hash = uri.firstIndex(of: "#") else { return (uri, "") }
        return (String(uri[..<hash]), String(uri[uri.index(after: hash)...]))
    }
}

/// Which keywords hold subschemas, and in what shape; used to find `$id`s and anchors.
enum JSONSchemaSubschemas {
    enum Kind { case single, list, map }

    static func kind(of keyword: String) -> Kind? {
        switch keyword {
        case "additionalProperties", "additionalItems", "not", "if", "then", "else", "contains",
            "propertyNames", "unevaluatedProperties", "unevaluatedItems", "contentSchema":
            return .single
        case "allOf", "anyOf", "oneOf", "items", "prefixItems":
            return .list
        case "properties", "patternProperties", "definitions", "$defs", "dependentSchemas", "dependencies":
            return .map
        default:
            return nil
        }
    }
}
