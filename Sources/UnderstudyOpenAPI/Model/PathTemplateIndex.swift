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

    final class Node: @unchecked Sendable {
        // Built once in init and only read after: safe to share without a lock.
        var literals: [String: Node] = [:]
        var templates: [(template: Template, node: Node)] = []
        /// The operations that end here, by method.
        var operations: [String: Int] = [:]
    }

    private let root = Node()

    /// - Parameter operations: each operation's path template and method, by index.
    init(_ operations: [(template: String, method: String)]) {
        for (index, operation) in operations.enumerated() {
            var node = root
            for segment in Self.segments(operation.template) {
                if let template = Self.template(segment) {
                    if let existing = node.templates.first(where: {
                        $0.template.prefix == template.prefix && $0.template.suffix == template.suffix
                            && $0.template.name == template.name
                    }) {
                        node = existing.node
                    } else {
                        let next = Node()
                        node.templates.append((template, next))
                        node = next
                    }
                } else {
                    if let next = node.literals[segment] {
                        node = next
                    } else {
                        let next = Node()
                        node.literals[segment] = next
                        node = next
                    }
                }
            }
            if node.operations[operation.method] == nil { node.operations[operation.method] = index }
        }
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
