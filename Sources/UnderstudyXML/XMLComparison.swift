/// One comparison of an expected document against an actual tree, counting checks the way
/// WireMock counts XMLUnit comparisons: distance = differing checks / all checks.
struct XMLComparison {
    let tree: XMLTree
    let rules: XMLNameRules
    let exempted: Set<XMLComparisonType>
    let ignoresOrderOfSameNode: Bool
    /// Stop at the first difference: enough for a yes/no answer and much cheaper for non-matches.
    let stopsAtFirstDifference: Bool
    private(set) var checks = 0
    private(set) var differences = 0

    init(
        tree: XMLTree, rules: XMLNameRules, exempted: Set<XMLComparisonType>, ignoresOrderOfSameNode: Bool,
        stopsAtFirstDifference: Bool
    ) {
        self.tree = tree
        self.rules = rules
        self.exempted = exempted
        self.ignoresOrderOfSameNode = ignoresOrderOfSameNode
        self.stopsAtFirstDifference = stopsAtFirstDifference
    }

    private var isDone: Bool { stopsAtFirstDifference && differences > 0 }

    private mutating func check(_ type: XMLComparisonType, _ passes: Bool) {
        guard !exempted.contains(type) else { return }
        checks += 1
        if !passes { differences += 1 }
    }

    mutating func compare(_ expected: XMLExpectedElement, with actual: Int) {
        let node = tree.nodes[actual]
        let actualKey = node.name.map(rules.elementKey) ?? XMLNameRules.Key(namespaceURI: nil, name: nil)
        check(.namespaceURI, expected.key.namespaceURI == actualKey.namespaceURI)
        check(.elementTagName, expected.key.name == actualKey.name)
        guard !isDone else { return }
        compareAttributes(expected.attributes, with: node)
        guard !isDone else { return }
        compareChildren(expected.children, with: XMLComparableChild.children(of: actual, in: tree))
    }

    private mutating func compareAttributes(_ expected: [XMLExpectedElement.Attribute], with node: XMLTree.Node) {
        var actual: [XMLNameRules.Key: String] = [:]
        for index in node.attributes {
            let attribute = tree.nodes[index]
            guard rules.compares(attribute), let name = attribute.name else { continue }
            actual[rules.attributeKey(name)] = attribute.value
        }
        // XMLUnit's placeholder evaluator forgives a count difference made only of missing
        // attributes whose placeholder accepts absence.
        let expectedKeys = Set(expected.map(\.key))
        let countAgrees =
            expected.count == actual.count
            || (actual.keys.allSatisfy(expectedKeys.contains)
                && expected.allSatisfy { actual[$0.key] != nil || $0.expectation.accepts(nil, trimmed: false) })
        check(.elementNumAttributes, countAgrees)
        for attribute in expected {
            guard !isDone else { return }
            if let value = actual[attribute.key] {
                check(.attrValue, attribute.expectation.accepts(value, trimmed: false))
            } else {
                check(.attrNameLookup, attribute.expectation.accepts(nil, trimmed: false))
            }
        }
    }

    private mutating func compareChildren(_ expected: [XMLExpectedElement.Child], with actual: [XMLComparableChild]) {
        var lengthAgrees = expected.count == actual.count
        if !lengthAgrees, actual.isEmpty, expected.count == 1, case .text(let only) = expected[0] {
            lengthAgrees = only.accepts(nil, trimmed: true)
        }
        check(.childNodelistLength, lengthAgrees)

        // WireMock pairs children by name regardless of where siblings with other names sit;
        // among same-named siblings the document order decides unless ignoreOrderOfSameNode.
        var elements: [XMLNameRules.Key: [Int]] = [:]
        var texts: [String] = []
        var instructions: [Int] = []
        for child in actual {
            switch child {
            case .element(let index):
                elements[
                    tree.nodes[index].name.map(rules.elementKey) ?? XMLNameRules.Key(namespaceURI: nil, name: nil),
                    default: []
                ].append(index)
            case .text(let text): texts.append(text)
            case .processingInstruction(let index): instructions.append(index)
            }
        }
        var textCursor = 0
        var instructionCursor = 0
        for child in expected {
            guard !isDone else { return }
            switch child {
            case .element(let element):
                guard let index = takeElement(for: element, from: &elements[element.key, default: []]) else {
                    check(.childLookup, false)
                    continue
                }
                compare(element, with: index)
            case .text(let expectation):
                guard textCursor < texts.count else {
                    check(.childLookup, expectation.accepts(nil, trimmed: true))
                    continue
                }
                check(.textValue, expectation.accepts(texts[textCursor], trimmed: true))
                textCursor += 1
            case .processingInstruction(let target, let data):
                guard instructionCursor < instructions.count else {
                    check(.childLookup, false)
                    continue
                }
                let pi = tree.nodes[instructions[instructionCursor]]
                check(.processingInstructionTarget, pi.name?.localName == target)
                check(.processingInstructionData, pi.value == data)
                instructionCursor += 1
            }
        }
    }

    /// Removes and returns the actual element to compare `expected` with: the next in document
    /// order, or with ignoreOrderOfSameNode the first one that matches completely (if any).
    private func takeElement(for expected: XMLExpectedElement, from candidates: inout [Int]) -> Int? {
        guard !candidates.isEmpty else { return nil }
        if ignoresOrderOfSameNode, candidates.count > 1 {
            for (position, candidate) in candidates.enumerated() {
                var trial = XMLComparison(
                    tree: tree, rules: rules, exempted: exempted,
                    ignoresOrderOfSameNode: true, stopsAtFirstDifference: true)
                trial.compare(expected, with: candidate)
                if trial.differences == 0 {
                    candidates.remove(at: position)
                    return candidate
                }
            }
        }
        return candidates.removeFirst()
    }
}
