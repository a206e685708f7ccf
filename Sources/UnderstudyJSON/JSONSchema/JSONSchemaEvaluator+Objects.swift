/// Object assertions. They pass for instances that are not objects.
extension JSONSchemaEvaluator {
    mutating func checkObject(_ keyword: JSONSchemaKeyword, _ instance: JSONValue) -> Bool {
        guard case .object(let object) = instance else { return true }
        switch keyword {
        case .members(let rules):
            return checkMembers(object, rules)
        case .required(let names):
            let missing = missingNames(names, in: object)
            if missing.isEmpty { return true }
            for name in missing { report("required", "required property \"\(name)\" is missing") }
            return false
        case .propertyNames(let node):
            var valid = true
            for key in object.keys where !evaluate(node, .string(key), at: key) {
                valid = false
                if !collecting { return false }
            }
            return valid
        case .minProperties(let minimum):
            if object.count >= minimum { return true }
            report("minProperties", "object has \(object.count) properties, fewer than \(minimum)")
            return false
        case .maxProperties(let maximum):
            if object.count <= maximum { return true }
            report("maxProperties", "object has \(object.count) properties, more than \(maximum)")
            return false
        case .dependentRequired(let pairs, let name):
            var valid = true
            for pair in pairs where object[pair.property] != nil {
                for missing in missingNames(pair.required, in: object) {
                    report(name, "property \"\(missing)\" is required when \"\(pair.property)\" is present")
                    valid = false
                }
                if !valid && !collecting { return false }
            }
            return valid
        case .dependentSchemas(let pairs, _):
            var valid = true
            for pair in pairs where object[pair.property] != nil && !evaluate(pair.node, instance) {
                valid = false
                if !collecting { return false }
            }
            return valid
        default:
            return true
        }
    }

    private mutating func checkMembers(_ object: JSONObject, _ rules: JSONSchemaMemberRules) -> Bool {
        var valid = true
        for member in object.members {
            var matched = false
            var memberValid = true
            if let node = rules.properties[member.key] {
                matched = true
                memberValid = evaluate(node, member.value, at: member.key) && memberValid
            }
            for pattern in rules.patterns where pattern.regex.isFound(in: member.key) {
                matched = true
                memberValid = evaluate(pattern.node, member.value, at: member.key) && memberValid
            }
            if !matched, let additional = rules.additional {
                if nodes[additional].isFalse {
                    report("additionalProperties", "property \"\(member.key)\" is not allowed")
                    memberValid = false
                } else {
                    memberValid = evaluate(additional, member.value, at: member.key)
                }
            }
            if !memberValid {
                valid = false
                if !collecting { return false }
            }
        }
        return valid
    }

    private func missingNames(_ names: [String], in object: JSONObject) -> [String] {
        if names.count > 2 && object.count > 8 {
            let keys = Set(object.keys)
            return names.filter { !keys.contains($0) }
        }
        return names.filter { object[$0] == nil }
    }
}
