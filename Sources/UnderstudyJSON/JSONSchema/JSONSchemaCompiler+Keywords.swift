/// Keyword by keyword compilation, with each draft's rules. Unknown keywords are ignored, as the
/// specifications require; so are keywords from a later draft than the one chosen.
extension JSONSchemaCompiler {
    mutating func keywords(of object: JSONObject, at tokens: [String], base: String) throws -> [JSONSchemaKeyword] {
        let references = try referenceKeywords(of: object, at: tokens, base: base)
        if referenceOverridesSiblings && object["$ref"] != nil { return references }
        var result: [JSONSchemaKeyword] = []
        // Cheap checks first, so a probe (anyOf, isValid) fails fast.
        try appendGenericKeywords(of: object, at: tokens, into: &result)
        try appendNumberKeywords(of: object, at: tokens, into: &result)
        try appendStringKeywords(of: object, at: tokens, into: &result)
        try appendArrayKeywords(of: object, at: tokens, base: base, into: &result)
        try appendObjectKeywords(of: object, at: tokens, base: base, into: &result)
        try appendCombinators(of: object, at: tokens, base: base, into: &result)
        if openAPIVocabulary { appendAccessMode(of: object, into: &result) }
        // In 2019-09+ a reference is one applicator among the others.
        result.append(contentsOf: references)
        return result
    }

    private func appendGenericKeywords(
        of object: JSONObject, at tokens: [String], into result: inout [JSONSchemaKeyword]
    ) throws {
        if let value = object["type"] {
            result.append(.type(try typeSet(value, at: tokens + ["type"])))
        }
        if let value = object["enum"] {
            guard case .array(let allowed) = value else {
                throw failure(at: tokens + ["enum"], "\"enum\" must be an array")
            }
            result.append(.enumeration(allowed))
        }
        if isAtLeastV6, let value = object["const"] {
            result.append(.constant(value))
        }
    }

    private func typeSet(_ value: JSONValue, at tokens: [String]) throws -> JSONSchemaTypeSet {
        func named(_ name: JSONValue) throws -> JSONSchemaTypeSet {
            guard let text = name.stringValue, let type = JSONSchemaTypeSet.names.first(where: { $0.0 == text }) else {
                throw failure(
                    at: tokens,
                    "unknown type \(JSONWriter.string(name)); expected one of "
                        + JSONSchemaTypeSet.names.map(\.0).joined(separator: ", "))
            }
            return type.1
        }
        switch value {
        case .string: return try named(value)
        case .array(let names):
            var set: JSONSchemaTypeSet = []
            for name in names { set.formUnion(try named(name)) }
            return set
        default:
            throw failure(at: tokens, "\"type\" must be a string or an array of strings")
        }
    }

    private func appendNumberKeywords(
        of object: JSONObject, at tokens: [String], into result: inout [JSONSchemaKeyword]
    ) throws {
        if isAtLeastV6 {
            if let value = object["minimum"] {
                result.append(.minimum(try number(value, "minimum", at: tokens), exclusive: false, keyword: "minimum"))
            }
            if let value = object["exclusiveMinimum"] {
                let bound = try exclusiveBound(value, "exclusiveMinimum", at: tokens)
                result.append(.minimum(bound, exclusive: true, keyword: "exclusiveMinimum"))
            }
            if let value = object["maximum"] {
                result.append(.maximum(try number(value, "maximum", at: tokens), exclusive: false, keyword: "maximum"))
            }
            if let value = object["exclusiveMaximum"] {
                let bound = try exclusiveBound(value, "exclusiveMaximum", at: tokens)
                result.append(.maximum(bound, exclusive: true, keyword: "exclusiveMaximum"))
            }
        } else {
            // Draft 4: exclusiveMinimum/exclusiveMaximum are booleans that modify minimum/maximum.
            let exclusiveMinimum = try draft4Flag(object["exclusiveMinimum"], "exclusiveMinimum", at: tokens)
            let exclusiveMaximum = try draft4Flag(object["exclusiveMaximum"], "exclusiveMaximum", at: tokens)
            if let value = object["minimum"] {
                let keyword = exclusiveMinimum ? "exclusiveMinimum" : "minimum"
                result.append(
                    .minimum(try number(value, "minimum", at: tokens), exclusive: exclusiveMinimum, keyword: keyword))
            }
            if let value = object["maximum"] {
                let keyword = exclusiveMaximum ? "exclusiveMaximum" : "maximum"
                result.append(
                    .maximum(try number(value, "maximum", at: tokens), exclusive: exclusiveMaximum, keyword: keyword))
            }
        }
        if let value = object["multipleOf"] {
            let divisor = try number(value, "multipleOf", at: tokens)
            guard divisor.doubleValue > 0 else {
                throw failure(at: tokens + ["multipleOf"], "\"multipleOf\" must be greater than 0")
            }
            result.append(.multipleOf(divisor))
        }
    }

    private func exclusiveBound(_ value: JSONValue, _ keyword: String, at tokens: [String]) throws -> JSONNumber {
        guard case .number(let bound) = value else {
            throw failure(
                at: tokens + [keyword],
                "\"\(keyword)\" must be a number in schemaVersion \(version.rawValue)"
                    + " (the boolean form is draft 4 only)")
        }
        return bound
    }

    private func draft4Flag(_ value: JSONValue?, _ keyword: String, at tokens: [String]) throws -> Bool {
        guard let value else { return false }
        guard case .bool(let flag) = value else {
            throw failure(
                at: tokens + [keyword],
                "\"\(keyword)\" must be a boolean in schemaVersion V4"
                    + " (the number form needs V6 or later)")
        }
        return flag
    }

    private func appendStringKeywords(
        of object: JSONObject, at tokens: [String], into result: inout [JSONSchemaKeyword]
    ) throws {
        if let value = object["minLength"] { result.append(.minLength(try count(value, "minLength", at: tokens))) }
        if let value = object["maxLength"] { result.append(.maxLength(try count(value, "maxLength", at: tokens))) }
        if let value = object["pattern"] { result.append(.pattern(try regex(value, at: tokens + ["pattern"]))) }
        // "format" is an annotation only unless formats are asserted (see JSONSchemaValidator).
        if assertsFormats, let name = object["format"]?.stringValue, let format = JSONSchemaFormat(rawValue: name) {
            result.append(.format(format, name: name))
        }
    }

    // MARK: - Argument checks

    func number(_ value: JSONValue, _ keyword: String, at tokens: [String]) throws -> JSONNumber {
        guard case .number(let number) = value else {
            throw failure(at: tokens + [keyword], "\"\(keyword)\" must be a number")
        }
        return number
    }

    /// A non-negative integer argument such as `minLength`; `2.0` is accepted as 2.
    func count(_ value: JSONValue, _ keyword: String, at tokens: [String]) throws -> Int {
        guard case .number(let number) = value, JSONSchemaNumbers.isInteger(number), number.doubleValue >= 0 else {
            throw failure(at: tokens + [keyword], "\"\(keyword)\" must be a non-negative integer")
        }
        return number.intValue ?? Int.max
    }

    func regex(_ value: JSONValue, at tokens: [String]) throws -> JSONSchemaRegex {
        guard let source = value.stringValue else { throw failure(at: tokens, "a pattern must be a string") }
        do {
            return try JSONSchemaRegex(source)
        } catch let error as JSONSchemaError {
            throw failure(at: tokens, error.message)
        }
    }

    func strings(_ value: JSONValue, _ keyword: String, at tokens: [String]) throws -> [String] {
        guard case .array(let elements) = value else {
            throw failure(at: tokens, "\"\(keyword)\" must be an array of strings")
        }
        return try elements.map { element in
            guard let name = element.stringValue else {
                throw failure(at: tokens, "\"\(keyword)\" must be an array of strings")
            }
            return name
        }
    }
}
