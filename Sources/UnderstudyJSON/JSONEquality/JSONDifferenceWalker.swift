/// Walks the whole expected tree against an actual document, recording every difference the way JsonUnit
/// reports them to WireMock's counting listener: each difference weighs the larger WireMock size of the two
/// subtrees involved (at least 1). Messages are built only when asked for.
struct JSONDifferenceWalker {
    let options: JSONEqualityOptions
    let collectsMessages: Bool

    /// The summed weight of the differences found so far.
    private(set) var weight = 0
    private(set) var messages: [String] = []
    private var path = JSONDifferencePath()

    init(options: JSONEqualityOptions, collectsMessages: Bool) {
        self.options = options
        self.collectsMessages = collectsMessages
    }

    mutating func compare(_ node: JSONEqualityNode, _ actual: JSONValue) {
        switch node {
        case .scalar(let expected):
            if !JSONEqualityNode.scalarsEqual(expected, actual) {
                record(weight: max(1, JSONNodeWeight.of(actual))) {
                    "expected \(JSONDifferenceText.render(expected)) but was \(JSONDifferenceText.render(actual))"
                }
            }
        case .placeholder(let placeholder):
            if !placeholder.matches(actual) {
                record(weight: max(1, JSONNodeWeight.of(actual))) {
                    "expected \(placeholder.expectation) but was \(JSONDifferenceText.render(actual))"
                }
            }
        case .array(let array):
            guard case .array(let elements) = actual else { return typeMismatch(node, actual) }
            if options.ignoreArrayOrder {
                compareUnordered(array, elements)
            } else {
                compareOrdered(array, elements)
            }
        case .object(let object):
            guard case .object(let members) = actual else { return typeMismatch(node, actual) }
            compareObject(object, members)
        }
    }

    private mutating func typeMismatch(_ node: JSONEqualityNode, _ actual: JSONValue) {
        record(weight: max(node.weight, JSONNodeWeight.of(actual))) {
            "expected \(JSONDifferenceText.render(node.jsonValue)) but was \(JSONDifferenceText.render(actual))"
        }
    }

    private mutating func compareObject(_ object: JSONEqualityObject, _ actual: JSONObject) {
        let lookup = actual.dictionary
        for member in object.members {
            path.push(.key(member.key))
            if let value = lookup[member.key] {
                compare(member.node, value)
            } else if !member.node.mayBeAbsent {
                record(weight: member.node.weight) { "missing" }
            }
            path.pop()
        }
        guard !options.ignoreExtraElements else { return }
        var reported = Set<String>()
        for member in actual.members where !object.keys.contains(member.key) && reported.insert(member.key).inserted {
            path.push(.key(member.key))
            record(weight: JSONNodeWeight.of(lookup[member.key] ?? member.value)) { "unexpected" }
            path.pop()
        }
    }

    private mutating func compareOrdered(_ array: JSONEqualityArray, _ actual: [JSONValue]) {
        let expected = array.elements
        for index in 0..<min(expected.count, actual.count) {
            path.push(.index(index))
            compare(expected[index], actual[index])
            path.pop()
        }
        if expected.count > actual.count {
            for index in actual.count..<expected.count {
                path.push(.index(index))
                record(weight: expected[index].weight) { "missing" }
                path.pop()
            }
        } else if actual.count > expected.count && !options.ignoreExtraElements {
            for index in expected.count..<actual.count {
                path.push(.index(index))
                record(weight: JSONNodeWeight.of(actual[index])) { "unexpected" }
                path.pop()
            }
        }
    }

    private mutating func compareUnordered(_ array: JSONEqualityArray, _ actual: [JSONValue]) {
        let expected = array.elements
        let assignment = UnorderedArrayAssignment(
            expected: array, actual: actual, options: options, stopAtFirstMiss: false)
        let missing = expected.indices.filter { assignment.actualForExpected[$0] == -1 }
        let extra = options.ignoreExtraElements ? [] : actual.indices.filter { assignment.expectedForActual[$0] == -1 }
        // JsonUnit's special case: one element swapped for another in an array of the right length is
        // reported as the differences inside that element.
        if expected.count == actual.count, missing.count == 1, extra.count == 1 {
            path.push(.index(extra[0]))
            compare(expected[missing[0]], actual[extra[0]])
            path.pop()
            return
        }
        for index in missing {
            path.push(.index(index))
            record(weight: expected[index].weight) {
                "missing (no element matches \(JSONDifferenceText.render(expected[index].jsonValue)))"
            }
            path.pop()
        }
        for index in extra {
            path.push(.index(index))
            record(weight: JSONNodeWeight.of(actual[index])) { "unexpected" }
            path.pop()
        }
    }

    private mutating func record(weight difference: Int, _ message: () -> String) {
        weight += max(1, difference)
        if collectsMessages {
            messages.append("\(path.text): \(message())")
        }
    }
}
