import Foundation

/// Finds the operation for a request path in time that grows with the path's depth, not with the
/// number of operations: a trie of path segments, literal segments before templated ones, as
/// OpenAPI says a concrete path wins over a templated one.
struct PathTemplateIndex: Sendable {
    /// What a lookup found.
    enum Lookup: Sendable, Equatable {
        /// The operation's index, and the path parameters by name (percent-decoded).
        case found(Int, [String: String])
        /// The path is documented, but not for this method; these are its methods.
        case methodNotAllowed([String])
        case notFound
    }

    /// A templated segment: `{id}`, or literal text around one variable such as `{name}.json`.
    struct Template: Sendable {
        let prefix: String
        let name: String
        let suffix: String

        func match(_ segment: String) -> String? {
            guard segment.count > prefix.count + suffix.count, segment.hasPrefix(prefix), segment.hasSuffix(suffix)
            else { return nil }
            return String(segment.dropFirst(prefix.count).dropLast(suffix.count))
        }
    }

    /// A value: the trie is built in init and only read after, so it is Sendable as it stands.
    struct Node: Sendable {
        var literals: [String: Node] = [:]
        var templates: [(template: Template, node: Node)] = []
        /// The operations that end here, by method.
        var operations: [String: Int] = [:]

        /// Adds the operation at `index` under the rest of its path; the first one for a method wins.
        mutating func insert(_ segments: ArraySlice<String>, method: String, index: Int) {
            guard let segment = segments.first else {
                if operations[method] == nil { operations[method] = index }
                return
            }
            let rest = segments.dropFirst()
            guard let template = PathTemplateIndex.template(segment) else {
                literals[segment, default: Node()].insert(rest, method: method, index: index)
                return
            }
            if let existing = templates.firstIndex(where: {
                $0.template.prefix == template.prefix && $0.template.suffix == template.suffix
                    && $0.template.name == template.name
            }) {
                templates[existing].node.insert(rest, method: method, index: index)
            } else {
                var next = Node()
                next.insert(rest, method: method, index: index)
                templates.append((template, next))
            }
        }
    }

    private let root: Node

    /// - Parameter operations: each operation's path template and method, by index.
    init(_ operations: [(template: String, method: String)]) {
        var root = Node()
        for (index, operation) in operations.enumerated() {
            root.insert(Self.segments(operation.template)[...], method: operation.method, index: index)
        }
        self.root = root
    }

    func lookup(method: String, path: String) -> Lookup {
        let segments = Self.segments(path)
        var parameters: [String: String] = [:]
        var allowed: [String]?
        if let index = search(root, segments[...], method: method, parameters: &parameters, allowed: &allowed) {
            return .found(index, parameters)
        }
        if let allowed { return .methodNotAllowed(allowed) }
        return .notFound
    }

    private func search(
        _ node: Node, _ segments: ArraySlice<String>, method: String, parameters: inout [String: String],
        allowed: inout [String]?
    ) -> Int? {
        guard let segment = segments.first else {
            if let index = node.operations[method] { return index }
            if allowed == nil, !node.operations.isEmpty { allowed = node.operations.keys.sorted() }
            return nil
        }
        let rest = segments.dropFirst()
        if let next = node.literals[segment],
            let index = search(next, rest, method: method, parameters: &parameters, allowed: &allowed)
        {
            return index
        }
        for (template, next) in node.templates {
            guard let raw = template.match(segment) else { continue }
            if let index = search(next, rest, method: method, parameters: &parameters, allowed: &allowed) {
                parameters[template.name] = raw.removingPercentEncoding ?? raw
                return index
            }
        }
        return nil
    }

    /// `/a/b/` and `/a/b` are the same path; an empty path is `/`.
    static func segments(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    static func template(_ segment: String) -> Template? {
        guard let open = segment.firstIndex(of: "{"), let close = segment[open...].firstIndex(of: "}") else {
            return nil
        }
        return Template(
            prefix: String(segment[..<open]), name: String(segment[segment.index(after: open)..<close]),
            suffix: String(segment[segment.index(after: close)...]))
    }
}
