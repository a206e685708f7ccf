/// OpenAPI's discriminator, readOnly/writeOnly and the required-ness they change.
extension JSONSchemaEvaluator {
    mutating func checkOpenAPI(_ keyword: JSONSchemaKeyword, _ instance: JSONValue) -> Bool {
        switch keyword {
        case .discriminator(let property, let choices):
            // Not an object: the schema's type (or the branches' types) says what is wrong.
            guard case .object(let object) = instance else { return probeBranches(choices, instance) }
            let allowed = choices.map { JSONWriter.string(.string($0.value)) }.joined(separator: ", ")
            guard let value = object[property] else {
                report(
                    "discriminator",
                    "the discriminator property \"\(property)\" is missing (expected one of \(allowed))")
                return false
            }
            guard let name = value.stringValue, let choice = choices.first(where: { $0.value == name }) else {
                report(
                    "discriminator",
                    "the discriminator property \"\(property)\" is \(JSONWriter.string(value)), not one of \(allowed)",
                    at: property)
                return false
            }
            // The selected branch's own violations, not "matched none of".
            return evaluate(choice.node, instance)
        case .notAllowedIn(let refused):
            guard direction == refused else { return true }
            report(
                refused == .request ? "readOnly" : "writeOnly",
                refused == .request
                    ? "the property is read-only: it is not sent in a request"
                    : "the property is write-only: it is not sent back in a response")
            return false
        case .requiredExcept(let names, let exempt):
            guard direction != exempt, case .object(let object) = instance else { return true }
            let missing = names.filter { object[$0] == nil }
            for name in missing { report("required", "required property \"\(name)\" is missing") }
            return missing.isEmpty
        default:
            return true
        }
    }

    /// A value that is not an object has no discriminator: it must match a branch as anyOf would.
    private mutating func probeBranches(_ choices: [(value: String, node: Int)], _ instance: JSONValue) -> Bool {
        for choice in choices where probe(choice.node, instance) { return true }
        report("discriminator", "expected an object with a discriminator property but found \(instance.typeName)")
        return false
    }
}
