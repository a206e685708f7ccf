/// Number and string assertions. They pass for instances of other types, as the drafts say.
extension JSONSchemaEvaluator {
    mutating func checkNumber(_ keyword: JSONSchemaKeyword, _ instance: JSONValue) -> Bool {
        guard case .number(let value) = instance else { return true }
        switch keyword {
        case .minimum(let bound, let exclusive, let name):
            let order = JSONSchemaNumbers.compare(value, bound)
            if order == .orderedDescending || (order == .orderedSame && !exclusive) { return true }
            report(name, "\(value) is less than \(exclusive ? "or equal to " : "")\(bound)")
            return false
        case .maximum(let bound, let exclusive, let name):
            let order = JSONSchemaNumbers.compare(value, bound)
            if order == .orderedAscending || (order == .orderedSame && !exclusive) { return true }
            report(name, "\(value) is greater than \(exclusive ? "or equal to " : "")\(bound)")
            return false
        case .multipleOf(let divisor):
            if JSONSchemaNumbers.isMultiple(value, of: divisor) { return true }
            report("multipleOf", "\(value) is not a multiple of \(divisor)")
            return false
        default:
            return true
        }
    }

    mutating func checkString(_ keyword: JSONSchemaKeyword, _ instance: JSONValue) -> Bool {
        guard case .string(let text) = instance else { return true }
        switch keyword {
        case .minLength(let minimum):
            // Lengths count Unicode code points, not UTF-16 units or grapheme clusters.
            let length = text.unicodeScalars.count
            if length >= minimum { return true }
            report("minLength", "length \(length) is less than \(minimum)")
            return false
        case .maxLength(let maximum):
            let length = text.unicodeScalars.count
            if length <= maximum { return true }
            report("maxLength", "length \(length) is greater than \(maximum)")
            return false
        case .pattern(let regex):
            if regex.isFound(in: text) { return true }
            report("pattern", "\(JSONWriter.string(instance)) does not match the pattern \(regex.source)")
            return false
        default:
            return true
        }
    }
}
