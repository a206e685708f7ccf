/// Keywords that apply subschemas: references, array items, object members, combinators.
extension JSONSchemaCompiler {
    mutating func referenceKeywords(of object: JSONObject, at tokens: [String], base: String) throws
        -> [JSONSchemaKeyword]
    {
        // $recursiveRef and $dynamicRef are resolved like $ref (statically), which is right
        // for every schema that does not extend a recursive meta-schema.
        var keywords = ["$ref"]
        if version == .v201909 { keywords.append("$recursiveRef") }
        if version == .v202012 { keywords.append("$dynamicRef") }
        var result: [JSONSchemaKeyword] = []
        for keyword in keywords {
            guard let value = object[keyword] else { continue }
            guard let reference = value.stringValue else {
                throw failure(at: tokens + [keyword], "\"\(keyword)\" must be a string")
            }
            let target: [String]
            do {
                target = try references.resolve(reference, base: base)
            } catch let error as JSONSchemaError {
                throw failure(at: tokens + [keyword], error.message)
            }
            let index = try node(at: target, parentBase: references.parentBase(of: target))
            result.append(.reference(index, keyword: keyword))
        }
        return result
    }

    /// The node for the subschema under `keyword` (and optional `key` within it).
    mutating func subschema(
        _ keyword: String, _ key: String? = nil, at tokens: [String], base: String, booleanAllowed: Bool? = nil
    ) throws -> Int {
        let path = key.map { tokens + [keyword, $0] } ?? tokens + [keyword]
        return try node(at: path, parentBase: base, booleanAllowed: booleanAllowed)
    }

    mutating func subschemaList(_ keyword: String, _ value: JSONValue, at tokens: [String], base: String) throws
        -> [Int]
    {
        guard case .array(let elements) = value, !elements.isEmpty else {
            throw failure(at: tokens + [keyword], "\"\(keyword)\" must be a non-empty array of schemas")
        }
        return try elements.indices.map { try subschema(keyword, String($0), at: tokens, base: base) }
    }

    mutating func appendArrayKeywords(
        of object: JSONObject, at tokens: [String], base: String, into result: inout [JSONSchemaKeyword]
    ) throws {
        if let value = object["minItems"] { result.append(.minItems(try count(value, "minItems", at: tokens))) }
        if let value = object["maxItems"] { result.append(.maxItems(try count(value, "maxItems", at: tokens))) }
        if let value = object["uniqueItems"] {
            guard case .bool(let unique) = value else {
                throw failure(at: tokens + ["uniqueItems"], "\"uniqueItems\" must be a boolean")
            }
            if unique { result.append(.uniqueItems) }
        }
        if version == .v202012 {
            var prefix: [Int] = []
            if let value = object["prefixItems"] {
                prefix = try subschemaList("prefixItems", value, at: tokens, base: base)
            }
            var rest: Int?
            if let value = object["items"] {
                if case .array = value {
                    throw failure(
                        at: tokens + ["items"],
                        "in schemaVersion V202012 \"items\" must be a schema;"
                            + " use \"prefixItems\" for a tuple (or choose V201909 or earlier)")
                }
                rest = try subschema("items", at: tokens, base: base)
            }
            if !prefix.isEmpty || rest != nil {
                result.append(.items(prefix: prefix, rest: rest, restKeyword: "items"))
            }
        } else if let value = object["items"] {
            if case .array = value {
                // Tuple form: "additionalItems" governs the items past the tuple.
                let prefix = try subschemaList("items", value, at: tokens, base: base)
                let rest = try object["additionalItems"].map { _ in
                    try subschema("additionalItems", at: tokens, base: base, booleanAllowed: true)
                }
                result.append(.items(prefix: prefix, rest: rest, restKeyword: "additionalItems"))
            } else {
                result.append(
                    .items(prefix: [], rest: try subschema("items", at: tokens, base: base), restKeyword: "items"))
            }
        }
        if isAtLeastV6, object["contains"] != nil {
            let contains = try subschema("contains", at: tokens, base: base)
            var minimum = 1
            var maximum: Int?
            if isAtLeastV201909 {
                if let value = object["minContains"] { minimum = try count(value, "minContains", at: tokens) }
                if let value = object["maxContains"] { maximum = try count(value, "maxContains", at: tokens) }
            }
            result.append(.contains(contains, min: minimum, max: maximum))
        }
    }

    mutating func appendObjectKeywords(
        of object: JSONObject, at tokens: [String], base: String, into result: inout [JSONSchemaKeyword]
    ) throws {
        if let value = object["required"] {
            let names = try strings(value, "required", at: tokens + ["required"])
            if openAPIVocabulary {
                appendRequired(names, of: object, at: tokens, into: &result)
            } else {
                result.append(.required(names))
            }
        }
        if let value = object["minProperties"] {
            result.append(.minProperties(try count(value, "minProperties", at: tokens)))
        }
        if let value = object["maxProperties"] {
            result.append(.maxProperties(try count(value, "maxProperties", at: tokens)))
        }

        var rules = JSONSchemaMemberRules()
        var hasRules = false
        if let value = object["properties"] {
            for key in try mapKeys(value, "properties", at: tokens) {
                rules.properties[key] = try subschema("properties", key, at: tokens, base: base)
            }
            hasRules = true
        }
        if let value = object["patternProperties"] {
            for key in try mapKeys(value, "patternProperties", at: tokens) {
                let regex = try regex(.string(key), at: tokens + ["patternProperties", key])
                rules.patterns.append((regex, try subschema("patternProperties", key, at: tokens, base: base)))
            }
            hasRules = true
        }
        if object["additionalProperties"] != nil {
            rules.additional = try subschema("additionalProperties", at: tokens, base: base, booleanAllowed: true)
            hasRules = true
        }
        if hasRules { result.append(.members(rules)) }

        if isAtLeastV6, object["propertyNames"] != nil {
            result.append(.propertyNames(try subschema("propertyNames", at: tokens, base: base)))
        }
        // "dependencies" was split in 2019-09; it is still honoured there, as many validators do.
        if let value = object["dependencies"] {
            try appendDependencies(value, "dependencies", at: tokens, base: base, into: &result)
        }
        if isAtLeastV201909, let value = object["dependentRequired"] {
            var pairs: [(property: String, required: [String])] = []
            for key in try mapKeys(value, "dependentRequired", at: tokens) {
                let names = try strings(
                    value[key] ?? .null, "dependentRequired", at: tokens + ["dependentRequired", key])
                pairs.append((key, names))
            }
            result.append(.dependentRequired(pairs, keyword: "dependentRequired"))
        }
        if isAtLeastV201909, let value = object["dependentSchemas"] {
            var pairs: [(property: String, node: Int)] = []
            for key in try mapKeys(value, "dependentSchemas", at: tokens) {
                pairs.append((key, try subschema("dependentSchemas", key, at: tokens, base: base)))
            }
            result.append(.dependentSchemas(pairs, keyword: "dependentSchemas"))
        }
    }

    private mutating func appendDependencies(
        _ value: JSONValue, _ keyword: String, at tokens: [String], base: String, into result: inout [JSONSchemaKeyword]
    ) throws {
        var required: [(property: String, required: [String])] = []
        var schemas: [(property: String, node: Int)] = []
        for key in try mapKeys(value, keyword, at: tokens) {
            if let names = value[key], case .array = names {
                required.append((key, try strings(names, keyword, at: tokens + [keyword, key])))
            } else {
                schemas.append((key, try subschema(keyword, key, at: tokens, base: base)))
            }
        }
        if !required.isEmpty { result.append(.dependentRequired(required, keyword: keyword)) }
        if !schemas.isEmpty { result.append(.dependentSchemas(schemas, keyword: keyword)) }
    }

    private func mapKeys(_ value: JSONValue, _ keyword: String, at tokens: [String]) throws -> [String] {
        guard case .object(let map) = value else {
            throw failure(at: tokens + [keyword], "\"\(keyword)\" must be an object")
        }
        // Duplicate keys: the last one wins, as with any JSON object lookup.
        var seen = Set<String>()
        return map.keys.filter { seen.insert($0).inserted }
    }

    mutating func appendCombinators(
        of object: JSONObject, at tokens: [String], base: String, into result: inout [JSONSchemaKeyword]
    ) throws {
        if let value = object["allOf"] {
            result.append(.allOf(try subschemaList("allOf", value, at: tokens, base: base)))
        }
        if openAPIVocabulary, let discriminator = object["discriminator"],
            object["oneOf"] != nil || object["anyOf"] != nil
        {
            // The discriminator decides which branch applies; the branches are not tried one by one.
            result.append(try discriminatorKeyword(discriminator, of: object, at: tokens, base: base))
        } else {
            if let value = object["anyOf"] {
                result.append(.anyOf(try subschemaList("anyOf", value, at: tokens, base: base)))
            }
            if let value = object["oneOf"] {
                result.append(.oneOf(try subschemaList("oneOf", value, at: tokens, base: base)))
            }
        }
        if object["not"] != nil { result.append(.not(try subschema("not", at: tokens, base: base))) }
        if isAtLeastV7, object["if"] != nil {
            let condition = try subschema("if", at: tokens, base: base)
            let then = try object["then"].map { _ in try subschema("then", at: tokens, base: base) }
            let otherwise = try object["else"].map { _ in try subschema("else", at: tokens, base: base) }
            if then != nil || otherwise != nil {
                result.append(.conditional(if: condition, then: then, else: otherwise))
            }
        }
    }
}
