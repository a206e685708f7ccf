/// Evaluates parsed XPath 1.0 expressions over one ``XMLTree``.
///
/// Evaluation never throws: a type error XPath would report (such as a path step on a string)
/// yields an empty node-set, which for a matcher means "no match", as an exception does in WireMock.
struct XPathEvaluator {
    struct Context {
        let node: Int
        let position: Int
        let size: Int
    }

    let tree: XMLTree

    func evaluate(_ expression: XPathExpr, _ context: Context) -> XPathValue {
        switch expression {
        case .or(let left, let right):
            return .boolean(boolean(evaluate(left, context)) || boolean(evaluate(right, context)))
        case .and(let left, let right):
            return .boolean(boolean(evaluate(left, context)) && boolean(evaluate(right, context)))
        case .comparison(let op, let left, let right):
            return .boolean(compare(op, evaluate(left, context), evaluate(right, context)))
        case .arithmetic(let op, let left, let right):
            let a = number(evaluate(left, context))
            let b = number(evaluate(right, context))
            switch op {
            case .add: return .number(a + b)
            case .subtract: return .number(a - b)
            case .multiply: return .number(a * b)
            case .divide: return .number(a / b)
            case .modulo: return .number(a.truncatingRemainder(dividingBy: b))
            }
        case .negate(let inner):
            return .number(-number(evaluate(inner, context)))
        case .union(let left, let right):
            guard case .nodes(let a) = evaluate(left, context), case .nodes(let b) = evaluate(right, context) else {
                return .nodes([])
            }
            return .nodes(Array(Set(a).union(b)).sorted())
        case .literal(let text):
            return .string(text)
        case .number(let value):
            return .number(value)
        case .function(let function, let arguments):
            return call(function, arguments, context)
        case .filter(let primary, let predicates):
            guard case .nodes(var nodes) = evaluate(primary, context) else { return .nodes([]) }
            for predicate in predicates { nodes = filter(nodes, by: predicate) }
            return .nodes(nodes)
        case .path(let start, let steps):
            var nodes: [Int]
            switch start {
            case .root: nodes = [XMLTree.rootIndex]
            case .context: nodes = [context.node]
            case .expression(let inner):
                guard case .nodes(let selected) = evaluate(inner, context) else { return .nodes([]) }
                nodes = selected
            }
            for step in steps {
                nodes = apply(step, to: nodes)
                if nodes.isEmpty { break }
            }
            return .nodes(nodes)
        }
    }

    // MARK: Conversions

    func string(_ value: XPathValue) -> String {
        switch value {
        case .nodes(let nodes): return nodes.first.map(tree.stringValue(of:)) ?? ""
        case .string(let text): return text
        case .number(let number): return XPathValue.string(from: number)
        case .boolean(let flag): return flag ? "true" : "false"
        }
    }

    func number(_ value: XPathValue) -> Double {
        switch value {
        case .nodes, .string: return XPathValue.number(from: string(value))
        case .number(let number): return number
        case .boolean(let flag): return flag ? 1 : 0
        }
    }

    func boolean(_ value: XPathValue) -> Bool {
        switch value {
        case .nodes(let nodes): return !nodes.isEmpty
        case .string(let text): return !text.isEmpty
        case .number(let number): return number != 0 && !number.isNaN
        case .boolean(let flag): return flag
        }
    }

    // MARK: Comparisons (XPath 1.0, section 3.4)

    private func compare(_ op: XPathComparison, _ left: XPathValue, _ right: XPathValue) -> Bool {
        switch (left, right) {
        case (.nodes(let nodes), .boolean), (.boolean, .nodes(let nodes)):
            let set = XPathValue.boolean(!nodes.isEmpty)
            return if case .nodes = left { compareAtoms(op, set, right) } else { compareAtoms(op, left, set) }
        case (.nodes(let a), .nodes(let b)):
            let rightValues = b.map { XPathValue.string(tree.stringValue(of: $0)) }
            return a.contains { node in
                let value = XPathValue.string(tree.stringValue(of: node))
                return rightValues.contains { compareAtoms(op, value, $0) }
            }
        case (.nodes(let nodes), _):
            return nodes.contains { compareAtoms(op, .string(tree.stringValue(of: $0)), right) }
        case (_, .nodes(let nodes)):
            return nodes.contains { compareAtoms(op, left, .string(tree.stringValue(of: $0))) }
        default:
            return compareAtoms(op, left, right)
        }
    }

    private func compareAtoms(_ op: XPathComparison, _ left: XPathValue, _ right: XPathValue) -> Bool {
        switch op {
        case .equal, .notEqual:
            let equal: Bool
            if case .boolean = left {
                equal = boolean(left) == boolean(right)
            } else if case .boolean = right {
                equal = boolean(left) == boolean(right)
            } else if case .number = left {
                equal = number(left) == number(right)
            } else if case .number = right {
                equal = number(left) == number(right)
            } else {
                equal = string(left) == string(right)
            }
            return op == .equal ? equal : !equal
        case .less: return number(left) < number(right)
        case .lessOrEqual: return number(left) <= number(right)
        case .greater: return number(left) > number(right)
        case .greaterOrEqual: return number(left) >= number(right)
        }
    }

    // MARK: Steps

    func filter(_ nodes: [Int], by predicate: XPathExpr) -> [Int] {
        var kept: [Int] = []
        for (offset, node) in nodes.enumerated() {
            let value = evaluate(predicate, Context(node: node, position: offset + 1, size: nodes.count))
            let keep: Bool
            if case .number(let wanted) = value { keep = wanted == Double(offset + 1) } else { keep = boolean(value) }
            if keep { kept.append(node) }
        }
        return kept
    }

    private func apply(_ step: XPathStep, to input: [Int]) -> [Int] {
        if input.count == 1 {
            var selected = axis(step.axis, from: input[0]).filter { test(step.test, $0, on: step.axis) }
            for predicate in step.predicates { selected = filter(selected, by: predicate) }
            return step.axis.isReverse ? selected.reversed() : selected
        }
        var seen = [Bool](repeating: false, count: tree.nodes.count)
        var result: [Int] = []
        for node in input {
            var selected = axis(step.axis, from: node).filter { test(step.test, $0, on: step.axis) }
            for predicate in step.predicates { selected = filter(selected, by: predicate) }
            for index in selected where !seen[index] {
                seen[index] = true
                result.append(index)
            }
        }
        return result.sorted()
    }

    /// The nodes of an axis in axis order (reverse axes: nearest first).
    private func axis(_ axis: XPathAxis, from index: Int) -> [Int] {
        let node = tree.nodes[index]
        switch axis {
        case .child:
            return node.children
        case .descendant:
            return descendants(of: index)
        case .descendantOrSelf:
            return [index] + descendants(of: index)
        case .parent:
            return node.parent >= 0 ? [node.parent] : []
        case .ancestor:
            return ancestors(of: index)
        case .ancestorOrSelf:
            return [index] + ancestors(of: index)
        case .followingSibling, .precedingSibling:
            guard node.kind != .attribute, node.parent >= 0 else { return [] }
            let siblings = tree.nodes[node.parent].children
            guard let position = siblings.firstIndex(of: index) else { return [] }
            return axis == .followingSibling ? Array(siblings[(position + 1)...]) : siblings[..<position].reversed()
        case .following:
            let start = node.kind == .attribute ? index + 1 : node.subtreeEnd + 1
            return (start..<tree.nodes.count).filter { tree.nodes[$0].kind != .attribute }
        case .preceding:
            let ancestors = Set(ancestors(of: index))
            return stride(from: index - 1, to: XMLTree.rootIndex, by: -1).filter {
                tree.nodes[$0].kind != .attribute && !ancestors.contains($0)
            }
        case .attribute:
            return node.attributes.filter { !tree.nodes[$0].isNamespaceDeclaration }
        case .self:
            return [index]
        case .namespace:
            return []
        }
    }

    private func descendants(of index: Int) -> [Int] {
        let end = tree.nodes[index].subtreeEnd
        guard end > index else { return [] }
        return ((index + 1)...end).filter { tree.nodes[$0].kind != .attribute }
    }

    private func ancestors(of index: Int) -> [Int] {
        var result: [Int] = []
        var current = tree.nodes[index].parent
        while current >= 0 {
            result.append(current)
            current = tree.nodes[current].parent
        }
        return result
    }

    private func test(_ test: XPathNodeTest, _ index: Int, on axis: XPathAxis) -> Bool {
        let node = tree.nodes[index]
        let principal: XMLTree.Kind = axis == .attribute ? .attribute : .element
        switch test {
        case .node: return true
        case .text: return node.kind == .text
        case .comment: return node.kind == .comment
        case .processingInstruction(let target):
            return node.kind == .processingInstruction && (target == nil || node.name?.localName == target)
        case .anyName(let namespace):
            return node.kind == principal && accepts(namespace, node.name)
        case .name(let namespace, let localName):
            return node.kind == principal && node.name?.localName == localName && accepts(namespace, node.name)
        }
    }

    private func accepts(_ namespace: XPathNamespaceTest, _ name: XMLTree.Name?) -> Bool {
        switch namespace {
        case .any: return true
        case .uri(let uri): return name?.namespaceURI == uri
        }
    }
}
