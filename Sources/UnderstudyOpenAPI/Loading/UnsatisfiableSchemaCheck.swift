import UnderstudyJSON

/// Schemas no value can satisfy, found once at load and reported with the pointer of the
/// contradiction: a mock cannot answer such a response, nor a client send such a body, so the
/// spec's author hears it at load instead of from a refused answer.
///
/// The check is structural, not a solver: it finds the contradictions written in one schema
/// (bounds that cross, an empty `enum`, an `enum` none of whose values has the schema's type,
/// `false`, `not: {}`, a required property that is forbidden) and follows them through `$ref`s,
/// `allOf` parts with disjoint types, every branch of a `oneOf`/`anyOf`, required properties and
/// required array items. What it reports is certain; what it misses, answers still fall back on.
enum UnsatisfiableSchemaCheck {
    static func warnings(_ operations: [OpenAPIOperation], document: JSONValue, bundle: SpecBundle)
        -> [OpenAPISpecError]
    {
        var checker = Checker(document: document)
        var warnings: [OpenAPISpecError] = []
        var reported = Set<String>()
        func check(_ media: MediaRule, what: String) {
            let pointer = media.pointer + "/schema"
            guard let schema = SpecPointer.resolve(pointer, in: document),
                let found = checker.contradiction(schema, at: pointer)
            else { return }
            guard reported.insert(found.pointer).inserted else { return }
            warnings.append(
                bundle.error(at: found.pointer, "no value can satisfy this schema (\(found.reason)), so \(what)"))
        }
        for operation in operations {
            for media in operation.body?.content ?? [] {
                check(
                    media,
                    what:
                        "no \(media.mediaType) request body to \(operation.method) \(operation.pathTemplate) can be valid"
                )
            }
            for response in operation.responses {
                for media in response.content {
                    check(
                        media,
                        what:
                            "the mock cannot answer \(response.status) \(media.mediaType) to \(operation.method) \(operation.pathTemplate) within it"
                    )
                }
            }
        }
        return warnings
    }

    /// Where a contradiction is and what it is.
    struct Contradiction {
        let pointer: String
        let reason: String
    }

    struct Checker {
        let document: JSONValue
        /// Verdicts by pointer, so shared components are judged once and a cycle ends.
        private var verdicts: [String: Contradiction?] = [:]

        init(document: JSONValue) { self.document = document }

        mutating func contradiction(_ schema: JSONValue, at pointer: String) -> Contradiction? {
            if let known = verdicts[pointer] { return known }
            // Assumed satisfiable while being judged: a recursive schema is not a contradiction.
            verdicts[pointer] = .some(nil)
            let verdict = judge(schema, at: pointer)
            verdicts[pointer] = .some(verdict)
            return verdict
        }

        private mutating func judge(_ schema: JSONValue, at pointer: String) -> Contradiction? {
            if case .bool(false) = schema { return Contradiction(pointer: pointer, reason: "the schema is false") }
            guard case .object(let object) = schema else { return nil }
            if let target = object["$ref"]?.stringValue, target.hasPrefix("#") {
                let next = String(target.dropFirst())
                if let resolved = SpecPointer.resolve(next, in: document),
                    let found = contradiction(resolved, at: next)
                {
                    return found
                }
            }
            if object["not"].map(SchemaTypes.admitsEverything) == true {
                return Contradiction(pointer: pointer, reason: "its not admits every value")
            }
            for (index, part) in (object["allOf"]?.arrayValue ?? []).enumerated() {
                if let found = contradiction(part, at: pointer + "/allOf/\(index)") { return found }
            }
            var types = SchemaTypes.declared(object)
            for part in object["allOf"]?.arrayValue ?? [] {
                types.formIntersection(SchemaTypes.declared(SpecPointer.followingReferences(part, in: document)))
            }
            if types.isEmpty {
                return Contradiction(
                    pointer: pointer, reason: "its type and its allOf parts' types have none in common")
            }
            for keyword in ["oneOf", "anyOf"] {
                guard let branches = object[keyword]?.arrayValue, !branches.isEmpty else { continue }
                var first: Contradiction?
                var all = true
                for (index, branch) in branches.enumerated() {
                    guard let found = contradiction(branch, at: pointer + "/\(keyword)/\(index)") else {
                        all = false
                        break
                    }
                    first = first ?? found
                }
                if all, let first {
                    return Contradiction(
                        pointer: first.pointer, reason: "\(first.reason); and so does every other \(keyword) branch")
                }
            }
            // Each type the schema allows is ruled out by its own keywords, or left standing.
            var reasons: [Contradiction] = []
            for type in SchemaTypes.order where types.contains(type) {
                guard let reason = ruledOut(type, object, at: pointer) else { continue }
                types.remove(type)
                if type == "number" { types.remove("integer") }
                reasons.append(reason)
            }
            if types.isEmpty {
                // One type, ruled out deeper down: point where the author has to look.
                if reasons.count == 1, let only = reasons.first { return only }
                return Contradiction(pointer: pointer, reason: reasons.map(\.reason).joined(separator: "; "))
            }
            if let values = object["enum"]?.arrayValue {
                guard values.contains(where: { types.contains(SchemaTypes.of($0)) }) else {
                    let kinds = SchemaTypes.order.filter(types.contains).joined(separator: " or ")
                    return Contradiction(
                        pointer: pointer,
                        reason: values.isEmpty ? "its enum is empty" : "none of its enum values is a \(kinds)")
                }
            }
            if let value = object["const"], !types.contains(SchemaTypes.of(value)) {
                return Contradiction(
                    pointer: pointer, reason: "its const is a \(SchemaTypes.of(value)), which its type excludes")
            }
            return nil
        }

        /// Why no value of `type` satisfies the keywords of `object` (at `pointer`, or deeper when
        /// a part of it is the cause), or nil when one might.
        private mutating func ruledOut(_ type: String, _ object: JSONObject, at pointer: String) -> Contradiction? {
            func here(_ reason: String?) -> Contradiction? {
                reason.map { Contradiction(pointer: pointer, reason: $0) }
            }
            switch type {
            case "string":
                return here(Bounds.crossing(object, "minLength", "maxLength", "a string"))
            case "number", "integer":
                return here(Bounds.numbers(object, integer: type == "integer"))
            case "array":
                if let crossing = Bounds.crossing(object, "minItems", "maxItems", "an array") { return here(crossing) }
                if (object["minItems"]?.numberValue?.doubleValue ?? 0) >= 1, let items = object["items"],
                    let found = contradiction(items, at: pointer + "/items")
                {
                    return Contradiction(
                        pointer: found.pointer, reason: "\(found.reason), and the array at \(pointer) needs an item")
                }
                return nil
            case "object":
                if let crossing = Bounds.crossing(object, "minProperties", "maxProperties", "an object") {
                    return here(crossing)
                }
                let required = object["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
                if let most = object["maxProperties"]?.numberValue?.doubleValue, Double(Set(required).count) > most {
                    return here("an object needs \(Set(required).count) required properties but may have \(Int(most))")
                }
                let properties = object["properties"]?.objectValue ?? JSONObject()
                let closed = object["additionalProperties"] == .bool(false) && object["patternProperties"] == nil
                for name in required {
                    guard let property = properties[name] else {
                        if closed {
                            return here("an object requires \"\(name)\", which additionalProperties: false forbids")
                        }
                        continue
                    }
                    if let found = contradiction(property, at: pointer + "/properties/" + SpecPointer.escape(name)) {
                        return Contradiction(
                            pointer: found.pointer,
                            reason: "\(found.reason), and the object at \(pointer) requires it as \"\(name)\"")
                    }
                }
                return nil
            default:
                return nil
            }
        }
    }
}
