/// The yes/no comparison: no difference strings, no weights, and it stops at the first difference.
extension JSONEqualityNode {
    func matches(_ actual: JSONValue, _ options: JSONEqualityOptions) -> Bool {
        switch self {
        case .scalar(let expected):
            return JSONEqualityNode.scalarsEqual(expected, actual)
        case .placeholder(let placeholder):
            return placeholder.matches(actual)
        case .array(let array):
            guard case .array(let elements) = actual else { return false }
            return array.matches(elements, options)
        case .object(let object):
            guard case .object(let members) = actual else { return false }
            return object.matches(members, options)
        }
    }

    /// Scalar equality with a cheap path for numbers written alike or as plain integers, before the exact
    /// decimal comparison (so `1.2` equals `1.2000000` and `1` equals `1.0`).
    static func scalarsEqual(_ expected: JSONValue, _ actual: JSONValue) -> Bool {
        switch (expected, actual) {
        case (.null, .null): return true
        case (.bool(let e), .bool(let a)): return e == a
        case (.string(let e), .string(let a)): return e == a
        case (.number(let e), .number(let a)):
            if e.text == a.text { return true }
            if let ei = Int(e.text), let ai = Int(a.text) { return ei == ai }
            return e == a
        default: return false
        }
    }
}

extension JSONEqualityArray {
    func matches(_ actual: [JSONValue], _ options: JSONEqualityOptions) -> Bool {
        if options.ignoreExtraElements {
            guard actual.count >= elements.count else { return false }
        } else {
            guard actual.count == elements.count else { return false }
        }
        if options.ignoreArrayOrder {
            if inOrderPrefixMatches(actual, options) { return true }
            return UnorderedArrayAssignment(expected: self, actual: actual, options: options, stopAtFirstMiss: true)
                .isComplete
        }
        return inOrderPrefixMatches(actual, options)
    }

    /// Element `i` against actual element `i` for every expected element; trailing extras were vetted by the caller.
    private func inOrderPrefixMatches(_ actual: [JSONValue], _ options: JSONEqualityOptions) -> Bool {
        for index in elements.indices where !elements[index].matches(actual[index], options) {
            return false
        }
        return true
    }
}

extension JSONEqualityObject {
    /// Up to this many actual members are searched linearly; bigger objects get a dictionary.
    static let linearLookupLimit = 16

    func matches(_ actual: JSONObject, _ options: JSONEqualityOptions) -> Bool {
        let actualMembers = actual.members
        if !options.ignoreExtraElements {
            for member in actualMembers where !keys.contains(member.key) { return false }
        }
        if actualMembers.count <= JSONEqualityObject.linearLookupLimit {
            for member in members {
                guard let value = JSONEqualityObject.lastValue(for: member.key, in: actualMembers) else {
                    if member.node.mayBeAbsent { continue }
                    return false
                }
                if !member.node.matches(value, options) { return false }
            }
            return true
        }
        let lookup = actual.dictionary
        for member in members {
            guard let value = lookup[member.key] else {
                if member.node.mayBeAbsent { continue }
                return false
            }
            if !member.node.matches(value, options) { return false }
        }
        return true
    }

    /// The value of the last member called `key` (duplicate keys: the last wins, as `JSONObject` reads them).
    static func lastValue(for key: String, in members: [JSONObject.Member]) -> JSONValue? {
        var index = members.endIndex
        while index > members.startIndex {
            index -= 1
            if members[index].key == key { return members[index].value }
        }
        return nil
    }
}
