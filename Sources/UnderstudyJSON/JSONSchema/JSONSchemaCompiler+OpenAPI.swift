/// OpenAPI's additions to JSON Schema: `discriminator`, and `readOnly`/`writeOnly` as assertions
/// that depend on which way a value travels. Compiled only with the OpenAPI vocabulary on.
extension JSONSchemaCompiler {
    /// The `discriminator` of a schema with `oneOf` or `anyOf`: each value it accepts, with the
    /// schema that value selects. `mapping` entries come first; then each branch that is a
    /// `$ref` and that no mapping entry names is selected by its schema's name (the `$ref`'s
    /// last token, `Dog` for `#/components/schemas/Dog`), and by the one value the branch's own
    /// schema allows for the property, when it fixes one.
    mutating func discriminatorKeyword(
        _ discriminator: JSONValue, of object: JSONObject, at tokens: [String], base: String
    ) throws -> JSONSchemaKeyword {
        let here = tokens + ["discriminator"]
        guard let property = discriminator["propertyName"]?.stringValue else {
            throw failure(at: here + ["propertyName"], "\"discriminator\" needs a \"propertyName\" string")
        }
        var choices: [(value: String, node: Int)] = []
        var mapped = Set<[String]>()
        if let mapping = discriminator["mapping"] {
            guard case .object(let entries) = mapping else {
                throw failure(at: here + ["mapping"], "\"discriminator.mapping\" must be an object of strings")
            }
            for entry in entries {
                let place = here + ["mapping", entry.key]
                guard let target = entry.value.stringValue else {
                    throw failure(
                        at: place, "the mapping for \"\(entry.key)\" must be a string, not \(entry.value.typeName)")
                }
                let targetTokens = try mappingTarget(target, key: entry.key, at: place, base: base)
                mapped.insert(targetTokens)
                choices.append(
                    (entry.key, try node(at: targetTokens, parentBase: references.parentBase(of: targetTokens))))
            }
        }
        for keyword in ["oneOf", "anyOf"] {
            guard let value = object[keyword] else { continue }
            let branches = try subschemaList(keyword, value, at: tokens, base: base)
            guard case .array(let schemas) = value else { continue }
            for (schema, branch) in zip(schemas, branches) {
                guard let reference = schema["$ref"]?.stringValue,
                    let target = try? references.resolve(reference, base: base), !mapped.contains(target),
                    let name = target.last, !choices.contains(where: { $0.value == name })
                else { continue }
                choices.append((name, branch))
                // A branch that fixes its own value (`type: {enum: [track]}` in `TrackObject`) is
                // selected by that value too: the only one its own schema lets it carry.
                let fixed = fixedValue(
                    of: property, in: JSONSchemaPointer.resolve(target, in: references.root), base: base)
                if let fixed, !choices.contains(where: { $0.value == fixed }) { choices.append((fixed, branch)) }
            }
        }
        guard !choices.isEmpty else {
            throw failure(
                at: here,
                "the discriminator selects nothing: give a \"mapping\" or make the branches $refs to named schemas")
        }
        return .discriminator(property: property, choices: choices)
    }

    /// The one string a schema lets `property` be (`const`, or an `enum` of one), looking
    /// through `$ref`s and `allOf` parts, where the property is often inherited.
    private func fixedValue(of property: String, in schema: JSONValue?, base: String, depth: Int = 0) -> String? {
        guard depth < 8, let schema else { return nil }
        if let reference = schema["$ref"]?.stringValue, let tokens = try? references.resolve(reference, base: base) {
            return fixedValue(
                of: property, in: JSONSchemaPointer.resolve(tokens, in: references.root), base: base, depth: depth + 1)
        }
        if let own = schema["properties"]?[property] {
            if let constant = own["const"]?.stringValue { return constant }
            if let values = own["enum"]?.arrayValue, values.count == 1, let value = values[0].stringValue {
                return value
            }
        }
        for part in schema["allOf"]?.arrayValue ?? [] {
            if let value = fixedValue(of: property, in: part, base: base, depth: depth + 1) { return value }
        }
        return nil
    }

    /// Where a mapping value points: a `$ref` (`#/components/schemas/Dog`) or a schema name (`Dog`).
    private func mappingTarget(_ target: String, key: String, at place: [String], base: String) throws -> [String] {
        let tokens: [String]?
        if target.contains("#") || target.contains("/") {
            tokens = try? references.resolve(target, base: base)
        } else {
            tokens = ["components", "schemas", target]
        }
        guard let tokens, JSONSchemaPointer.resolve(tokens, in: references.root) != nil else {
            throw failure(
                at: place, "the mapping for \"\(key)\" names \"\(target)\", which does not resolve to a schema")
        }
        return tokens
    }

    /// `readOnly: true` or `writeOnly: true` as an assertion on the direction.
    func appendAccessMode(of object: JSONObject, into result: inout [JSONSchemaKeyword]) {
        if object["readOnly"] == .bool(true) { result.append(.notAllowedIn(.request)) }
        if object["writeOnly"] == .bool(true) { result.append(.notAllowedIn(.response)) }
    }

    /// `required`, split: a readOnly property is not required in requests, a writeOnly one not
    /// in responses. The property's schema is read through its `$ref`s.
    func appendRequired(
        _ names: [String], of object: JSONObject, at tokens: [String], into result: inout [JSONSchemaKeyword]
    ) {
        var always: [String] = []
        var exceptInRequests: [String] = []
        var exceptInResponses: [String] = []
        let declaring = declaringSchemas(object, at: tokens)
        for name in names {
            let property = declaring.lazy.compactMap { $0["properties"]?[name] }.first.map(followingReferences)
            if property?["readOnly"] == .bool(true) {
                exceptInRequests.append(name)
            } else if property?["writeOnly"] == .bool(true) {
                exceptInResponses.append(name)
            } else {
                always.append(name)
            }
        }
        if !always.isEmpty || names.isEmpty { result.append(.required(always)) }
        if !exceptInRequests.isEmpty { result.append(.requiredExcept(exceptInRequests, .request)) }
        if !exceptInResponses.isEmpty { result.append(.requiredExcept(exceptInResponses, .response)) }
    }

    /// The schemas whose `properties` may declare what `required` names: the object itself, its
    /// `allOf` parts, and, when it is an `allOf` part, the other parts (composition's usual split
    /// of `required` from `properties`).
    private func declaringSchemas(_ object: JSONObject, at tokens: [String]) -> [JSONValue] {
        var result: [JSONValue] = [.object(object)]
        result += (object["allOf"]?.arrayValue ?? []).map(followingReferences)
        if tokens.count >= 2, tokens[tokens.count - 2] == "allOf",
            let parent = JSONSchemaPointer.resolve(Array(tokens.dropLast(2)), in: references.root)
        {
            result += (parent["allOf"]?.arrayValue ?? []).map(followingReferences)
        }
        return result
    }

    /// `schema` with its `$ref` chain followed, a bounded number of hops; as is when one fails.
    private func followingReferences(_ schema: JSONValue) -> JSONValue {
        var current = schema
        for _ in 0..<32 {
            guard let reference = current["$ref"]?.stringValue,
                let tokens = try? references.resolve(reference, base: JSONSchemaReferences.defaultBase),
                let next = JSONSchemaPointer.resolve(tokens, in: references.root)
            else { return current }
            current = next
        }
        return current
    }
}
