/// allOf, anyOf, oneOf, not and if/then/else.
extension JSONSchemaEvaluator {
    mutating func checkCombinator(_ keyword: JSONSchemaKeyword, _ instance: JSONValue) -> Bool {
        switch keyword {
        case .allOf(let schemas):
            var valid = true
            for node in schemas where !evaluate(node, instance) {
                valid = false
                if !collecting { return false }
            }
            return valid
        case .anyOf(let schemas):
            for node in schemas where probe(node, instance) { return true }
            report("anyOf", "value matches none of the \(schemas.count) \"anyOf\" schemas")
            return false
        case .oneOf(let schemas):
            var matches = 0
            for node in schemas where probe(node, instance) {
                matches += 1
                if matches > 1 {
                    report("oneOf", "value matches more than one of the \"oneOf\" schemas")
                    return false
                }
            }
            if matches == 1 { return true }
            report("oneOf", "value matches none of the \(schemas.count) \"oneOf\" schemas")
            return false
        case .not(let node):
            guard probe(node, instance) else { return true }
            report("not", "value matches the \"not\" schema")
            return false
        case .conditional(let condition, let then, let otherwise):
            let branch = probe(condition, instance) ? then : otherwise
            guard let branch else { return true }
            return evaluate(branch, instance)
        default:
            return true
        }
    }
}
