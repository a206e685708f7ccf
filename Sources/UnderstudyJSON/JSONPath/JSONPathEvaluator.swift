import Foundation

/// Walks a `CompiledPath` over a document. Holds the root so filters can reach `$`.
struct JSONPathEvaluator {
    let root: JSONValue

    /// Evaluates `path` starting at `current` (used for `@`) or at the root (for `$`).
    func evaluate(_ path: CompiledPath, current: JSONValue) -> JSONPathResult {
        let start = path.origin == .root ? root : current
        if path.aggregatesScan, case .function(let function)? = path.steps.last {
            var scanned = select(path.steps.dropLast(), from: start)
            if function == .length || function == .size {
                // Jayway counts the children of what was found: `$..book.length()` is the
                // number of books, not the number of `book` arrays.
                var children: [JSONValue] = []
                for node in scanned { apply(.select(.wildcard), to: node, into: &children) }
                scanned = children
            }
            return .definite(function.apply(to: .array(scanned)))
        }
        if path.isDefinite {
            return .definite(selectOne(path.steps, from: start))
        }
        return .indefinite(select(path.steps[...], from: start))
    }

    // MARK: Definite paths: one optional value, no arrays built.

    private func selectOne(_ steps: [PathStep], from start: JSONValue) -> JSONValue? {
        var node = start
        for step in steps {
            guard let next = selectOne(step, from: node) else { return nil }
            node = next
        }
        return node
    }

    private func selectOne(_ step: PathStep, from node: JSONValue) -> JSONValue? {
        switch step {
        case .function(let function):
            return function.apply(to: node)
        case .select(.names(let names)):
            guard names.count == 1, case .object(let object) = node else { return nil }
            return object[names[0]]
        case .select(.mergedNames(let names)):
            return merged(names, from: node)
        case .select(.indices(let indices)):
            guard indices.count == 1, case .array(let elements) = node else { return nil }
            return element(at: indices[0], of: elements)
        case .select, .scan:
            return nil  // never in a definite path
        }
    }

    // MARK: Indefinite paths: every value found, in document order.

    private func select(_ steps: ArraySlice<PathStep>, from start: JSONValue) -> [JSONValue] {
        var nodes = [start]
        for step in steps {
            var next: [JSONValue] = []
            for node in nodes {
                apply(step, to: node, into: &next)
            }
            nodes = next
            if nodes.isEmpty { break }
        }
        return nodes
    }

    private func apply(_ step: PathStep, to node: JSONValue, into results: inout [JSONValue]) {
        switch step {
        case .select(let selector):
            apply(selector, to: node, into: &results)
        case .function(let function):
            if let value = function.apply(to: node) { results.append(value) }
        case .scan(let selector):
            // Pre-order walk with an explicit stack, so document depth cannot overflow the
            // call stack: a node's own matches come before those of its descendants.
            var pending = [node]
            while let visited = pending.popLast() {
                scan(selector, at: visited, into: &results)
                // Only containers are pushed: scalars have no descendants, and every selector
                // except a filter finds nothing in a scalar (filters skip them under `..`).
                switch visited {
                case .array(let elements):
                    for element in elements.reversed() where element.isContainer { pending.append(element) }
                case .object(let object):
                    for member in object.members.reversed() where member.value.isContainer {
                        pending.append(member.value)
                    }
                default: break
                }
            }
        }
    }

    private func apply(_ selector: Selector, to node: JSONValue, into results: inout [JSONValue]) {
        switch selector {
        case .names(let names):
            guard case .object(let object) = node else { return }
            for name in names {
                if let value = object[name] { results.append(value) }
            }
        case .mergedNames(let names):
            if let value = merged(names, from: node) { results.append(value) }
        case .indices(let indices):
            guard case .array(let elements) = node else { return }
            for index in indices {
                if let value = element(at: index, of: elements) { results.append(value) }
            }
        case .slice(let start, let end):
            guard case .array(let elements) = node else { return }
            let range = sliceRange(start: start, end: end, count: elements.count)
            results.append(contentsOf: elements[range])
        case .wildcard:
            switch node {
            case .array(let elements): results.append(contentsOf: elements)
            case .object(let object): results.append(contentsOf: object.members.map(\.value))
            default: break
            }
        case .filter(let expression):
            // Jayway filters an array's elements, but tests an object as a whole.
            switch node {
            case .array(let elements):
                for element in elements where test(expression, on: element) { results.append(element) }
            case .object:
                if test(expression, on: node) { results.append(node) }
            default: break
            }
        }
    }

    /// One node visited by `..`. A filter under a scan tests objects only (as Jayway's walk
    /// does): `$..[?(@.id == 1)]` finds every object with that id, at any depth.
    private func scan(_ selector: Selector, at node: JSONValue, into results: inout [JSONValue]) {
        if case .filter(let expression) = selector {
            if case .object = node, test(expression, on: node) { results.append(node) }
            return
        }
        apply(selector, to: node, into: &results)
    }

    // MARK: Helpers

    /// Jayway's merge of `['a','b']` on the last step: a new object holding the members that
    /// exist (possibly none, which gives `{}`).
    private func merged(_ names: [String], from node: JSONValue) -> JSONValue? {
        guard case .object(let object) = node else { return nil }
        var result = JSONObject()
        for name in names {
            if let value = object[name] { result[name] = value }
        }
        return .object(result)
    }

    private func element(at index: Int, of elements: [JSONValue]) -> JSONValue? {
        let position = index < 0 ? elements.count + index : index
        // Not a ternary: `nil` there would be read as JSON null (JSONValue is nil-literal
        // expressible).
        guard elements.indices.contains(position) else { return nil }
        return elements[position]
    }

    /// `[start:end]` with negatives counted from the end and both ends clamped to the array.
    private func sliceRange(start: Int?, end: Int?, count: Int) -> Range<Int> {
        func clamp(_ value: Int) -> Int {
            let position = value < 0 ? count + value : value
            return Swift.min(Swift.max(position, 0), count)
        }
        let lower = start.map(clamp) ?? 0
        let upper = end.map(clamp) ?? count
        return lower < upper ? lower..<upper : 0..<0
    }

    // MARK: Filters

    func test(_ expression: FilterExpression, on current: JSONValue) -> Bool {
        switch expression {
        case .and(let terms): return terms.allSatisfy { test($0, on: current) }
        case .or(let terms): return terms.contains { test($0, on: current) }
        case .not(let term): return !test(term, on: current)
        case .exists(let path):
            switch evaluate(path, current: current) {
            case .definite(let value): return value != nil
            case .indefinite(let values): return !values.isEmpty
            }
        case .compare(let left, let op, let right):
            return FilterComparison.evaluate(op, resolve(left, current), resolve(right, current))
        }
    }

    private func resolve(_ operand: FilterOperand, _ current: JSONValue) -> FilterValue {
        switch operand {
        case .literal(let value): return .value(value)
        case .regex(let regex): return .regex(regex)
        case .path(let path):
            switch evaluate(path, current: current) {
            case .definite(let value): return value.map(FilterValue.value) ?? .undefined
            // Jayway hands a filter the list an indefinite path finds, as a JSON array.
            case .indefinite(let values): return .value(.array(values))
            }
        }
    }
}

extension JSONValue {
    fileprivate var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }
}
