/// Array assertions. They pass for instances that are not arrays.
extension JSONSchemaEvaluator {
    mutating func checkArray(_ keyword: JSONSchemaKeyword, _ instance: JSONValue) -> Bool {
        guard case .array(let elements) = instance else { return true }
        switch keyword {
        case .items(let prefix, let rest, let restKeyword):
            return checkItems(elements, prefix: prefix, rest: rest, restKeyword: restKeyword)
        case .minItems(let minimum):
            if elements.count >= minimum { return true }
            report("minItems", "array has \(elements.count) items, fewer than \(minimum)")
            return false
        case .maxItems(let maximum):
            if elements.count <= maximum { return true }
            report("maxItems", "array has \(elements.count) items, more than \(maximum)")
            return false
        case .uniqueItems:
            return checkUnique(elements)
        case .contains(let node, let minimum, let maximum):
            return checkContains(elements, node: node, minimum: minimum, maximum: maximum)
        default:
            return true
        }
    }

    private mutating func checkItems(_ elements: [JSONValue], prefix: [Int], rest: Int?, restKeyword: String) -> Bool {
        var valid = true
        for (index, element) in elements.enumerated() {
            let node: Int
            if index < prefix.count {
                node = prefix[index]
            } else if let rest {
                if nodes[rest].isFalse {
                    report(restKeyword, "array has \(elements.count) items but at most \(prefix.count) are allowed")
                    return false
                }
                node = rest
            } else {
                break
            }
            if !evaluate(node, element, at: String(index)) {
                valid = false
                if !collecting { return false }
            }
        }
        return valid
    }

    private mutating func checkUnique(_ elements: [JSONValue]) -> Bool {
        // JSONValue equality compares numbers by value and ignores key order, as uniqueItems requires.
        var firstIndex: [JSONValue: Int] = [:]
        firstIndex.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            if let earlier = firstIndex[element] {
                report("uniqueItems", "items \(earlier) and \(index) are equal")
                return false
            }
            firstIndex[element] = index
        }
        return true
    }

    private mutating func checkContains(_ elements: [JSONValue], node: Int, minimum: Int, maximum: Int?) -> Bool {
        var matches = 0
        for element in elements where probe(node, element) {
            matches += 1
            if maximum == nil, matches >= minimum { return true }
            if let maximum, matches > maximum {
                report("maxContains", "more than \(maximum) items match the \"contains\" schema")
                return false
            }
        }
        if matches >= minimum { return true }
        if minimum == 1 {
            report("contains", "no item matches the \"contains\" schema")
        } else {
            report("minContains", "\(matches) items match the \"contains\" schema, fewer than \(minimum)")
        }
        return false
    }
}
