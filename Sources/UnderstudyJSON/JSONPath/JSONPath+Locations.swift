/// One step from a JSON value to a part of it: a member name or an array index.
public enum JSONLocationStep: Sendable, Hashable {
    /// An object member, by key.
    case member(String)
    /// An array element, by index.
    case index(Int)
}

/// Where in a document a JSONPath's selections sit, so they can be removed or replaced (what
/// Jayway's `delete` and `set` do for WireMock's `jsonRemove`, `jsonArrayAdd` and `jsonSort`).
extension JSONPath {
    /// The place of every value the path selects, in document order; nil when the path ends in a
    /// function (`length()`), whose result is computed and so has no place.
    public func locations(in root: JSONValue) -> [[JSONLocationStep]]? {
        if case .function? = compiled.steps.last { return nil }
        let evaluator = JSONPathEvaluator(root: root)
        var found: [(value: JSONValue, location: [JSONLocationStep])] = [(root, [])]
        for step in compiled.steps {
            var next: [(value: JSONValue, location: [JSONLocationStep])] = []
            for (value, location) in found {
                switch step {
                case .select(let selector):
                    Self.select(selector, in: value, at: location, evaluator, into: &next)
                case .scan(let selector):
                    // Pre-order, as the evaluator walks: a node's own matches, then its descendants'.
                    var pending = [(value, location)]
                    while let (visited, at) = pending.popLast() {
                        if case .filter(let expression) = selector {
                            if case .object = visited, evaluator.test(expression, on: visited) {
                                next.append((visited, at))
                            }
                        } else {
                            Self.select(selector, in: visited, at: at, evaluator, into: &next)
                        }
                        for child in Self.children(of: visited, at: at).reversed() where Self.isContainer(child.0) {
                            pending.append(child)
                        }
                    }
                case .function:
                    return nil
                }
            }
            found = next
        }
        return found.map(\.location)
    }

    /// `root` without what the path selects: object members are dropped, array elements removed.
    /// Nil when the path selects the root itself or ends in a function, which cannot be deleted.
    public func deleting(from root: JSONValue) -> JSONValue? {
        guard let locations = locations(in: root), !locations.contains(where: \.isEmpty) else { return nil }
        var result = root
        // Deepest and highest-indexed places first, so earlier removals do not shift later ones.
        for location in locations.sorted(by: Self.removalOrder) {
            result = Self.removing(location[...], from: result)
        }
        return result
    }

    /// `root` with the value at `location` replaced by `transform` of it (unchanged when absent).
    public static func updating(
        _ root: JSONValue, at location: [JSONLocationStep], _ transform: (JSONValue) -> JSONValue
    ) -> JSONValue {
        updating(root, location[...], transform)
    }

    private static func updating(
        _ node: JSONValue, _ location: ArraySlice<JSONLocationStep>, _ transform: (JSONValue) -> JSONValue
    ) -> JSONValue {
        guard let step = location.first else { return transform(node) }
        switch (step, node) {
        case (.member(let name), .object(var object)):
            guard let child = object[name] else { return node }
            object[name] = updating(child, location.dropFirst(), transform)
            return .object(object)
        case (.index(let index), .array(var elements)) where elements.indices.contains(index):
            elements[index] = updating(elements[index], location.dropFirst(), transform)
            return .array(elements)
        default:
            return node
        }
    }

    private static func removing(_ location: ArraySlice<JSONLocationStep>, from node: JSONValue) -> JSONValue {
        guard let step = location.first else { return node }
        let rest = location.dropFirst()
        switch (step, node) {
        case (.member(let name), .object(let object)):
            if rest.isEmpty { return .object(JSONObject(object.members.filter { $0.key != name })) }
            guard let child = object[name] else { return node }
            var copy = object
            copy[name] = removing(rest, from: child)
            return .object(copy)
        case (.index(let index), .array(var elements)) where elements.indices.contains(index):
            if rest.isEmpty {
                elements.remove(at: index)
            } else {
                elements[index] = removing(rest, from: elements[index])
            }
            return .array(elements)
        default:
            return node
        }
    }

    private static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: return true
        default: return false
        }
    }

    /// Longer locations first; among siblings, higher indices first.
    private static func removalOrder(_ a: [JSONLocationStep], _ b: [JSONLocationStep]) -> Bool {
        if a.count != b.count { return a.count > b.count }
        for (x, y) in zip(a, b) where x != y {
            if case .index(let i) = x, case .index(let j) = y { return i > j }
            return false
        }
        return false
    }

    private static func children(of node: JSONValue, at location: [JSONLocationStep]) -> [(
        JSONValue, [JSONLocationStep]
    )] {
        switch node {
        case .array(let elements): return elements.enumerated().map { ($0.element, location + [.index($0.offset)]) }
        case .object(let object): return object.members.map { ($0.value, location + [.member($0.key)]) }
        default: return []
        }
    }

    private static func select(
        _ selector: Selector, in node: JSONValue, at location: [JSONLocationStep], _ evaluator: JSONPathEvaluator,
        into results: inout [(value: JSONValue, location: [JSONLocationStep])]
    ) {
        switch selector {
        case .names(let names), .mergedNames(let names):
            guard case .object(let object) = node else { return }
            for name in names {
                if let value = object[name] { results.append((value, location + [.member(name)])) }
            }
        case .indices(let indices):
            guard case .array(let elements) = node else { return }
            for index in indices {
                let position = index < 0 ? elements.count + index : index
                if elements.indices.contains(position) {
                    results.append((elements[position], location + [.index(position)]))
                }
            }
        case .slice(let start, let end):
            guard case .array(let elements) = node else { return }
            func clamp(_ value: Int) -> Int {
                Swift.min(Swift.max(value < 0 ? elements.count + value : value, 0), elements.count)
            }
            let lower = start.map(clamp) ?? 0
            let upper = end.map(clamp) ?? elements.count
            guard lower < upper else { return }
            for position in lower..<upper { results.append((elements[position], location + [.index(position)])) }
        case .wildcard:
            for child in children(of: node, at: location) { results.append(child) }
        case .filter(let expression):
            switch node {
            case .array(let elements):
                for (i, element) in elements.enumerated() where evaluator.test(expression, on: element) {
                    results.append((element, location + [.index(i)]))
                }
            case .object:
                if evaluator.test(expression, on: node) { results.append((node, location)) }
            default: break
            }
        }
    }
}
