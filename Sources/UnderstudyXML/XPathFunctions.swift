import Foundation

/// The XPath 1.0 core function library (section 4). Arity was checked when the expression was parsed.
extension XPathEvaluator {
    func call(_ function: XPathFunction, _ arguments: [XPathExpr], _ context: Context) -> XPathValue {
        func argument(_ index: Int) -> XPathValue { evaluate(arguments[index], context) }
        /// The string argument, or the context node's string value when it is omitted.
        func text(_ index: Int) -> String {
            index < arguments.count ? string(argument(index)) : tree.stringValue(of: context.node)
        }
        /// The first node of a node-set argument, or the context node when it is omitted.
        func firstNode() -> Int? {
            guard !arguments.isEmpty else { return context.node }
            guard case .nodes(let nodes) = argument(0) else { return nil }
            return nodes.first
        }
        switch function {
        case .last: return .number(Double(context.size))
        case .position: return .number(Double(context.position))
        case .count:
            guard case .nodes(let nodes) = argument(0) else { return .number(.nan) }
            return .number(Double(nodes.count))
        case .id:
            return .nodes([])  // IDs need a DTD, which is never loaded.
        case .localName:
            return .string(firstNode().flatMap { tree.nodes[$0].name?.localName } ?? "")
        case .namespaceURI:
            return .string(firstNode().flatMap { tree.nodes[$0].name?.namespaceURI } ?? "")
        case .name:
            return .string(firstNode().flatMap { tree.nodes[$0].name?.qualifiedName } ?? "")
        case .string: return .string(text(0))
        case .concat: return .string(arguments.indices.map(text).joined())
        case .startsWith: return .boolean(text(0).hasPrefix(text(1)))
        case .contains:
            let needle = text(1)
            return .boolean(needle.isEmpty || text(0).contains(needle))
        case .substringBefore:
            let haystack = text(0)
            guard let range = haystack.range(of: text(1)) else { return .string("") }
            return .string(String(haystack[..<range.lowerBound]))
        case .substringAfter:
            let haystack = text(0)
            let needle = text(1)
            guard !needle.isEmpty else { return .string(haystack) }
            guard let range = haystack.range(of: needle) else { return .string("") }
            return .string(String(haystack[range.upperBound...]))
        case .substring:
            return .string(
                substring(
                    text(0), start: number(argument(1)), length: arguments.count > 2 ? number(argument(2)) : .infinity))
        case .stringLength: return .number(Double(text(0).unicodeScalars.count))
        case .normalizeSpace:
            return .string(
                text(0).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
                    .joined(separator: " "))
        case .translate: return .string(translate(text(0), from: text(1), to: text(2)))
        case .boolean: return .boolean(boolean(argument(0)))
        case .not: return .boolean(!boolean(argument(0)))
        case .true: return .boolean(true)
        case .false: return .boolean(false)
        case .lang: return .boolean(language(of: context.node, is: text(0)))
        case .number:
            return .number(
                arguments.isEmpty ? XPathValue.number(from: tree.stringValue(of: context.node)) : number(argument(0)))
        case .sum:
            guard case .nodes(let nodes) = argument(0) else { return .number(.nan) }
            return .number(nodes.reduce(0) { $0 + XPathValue.number(from: tree.stringValue(of: $1)) })
        case .floor: return .number(number(argument(0)).rounded(.down))
        case .ceiling: return .number(number(argument(0)).rounded(.up))
        case .round: return .number(Self.round(number(argument(0))))
        }
    }

    /// XPath rounds halves towards positive infinity.
    static func round(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        if value < 0, value >= -0.5 { return -0.0 }
        return (value + 0.5).rounded(.down)
    }

    /// Characters at positions p with round(start) <= p < round(start) + round(length), counting from 1.
    private func substring(_ text: String, start: Double, length: Double) -> String {
        let first = Self.round(start)
        let end = first + Self.round(length)
        guard !first.isNaN, !end.isNaN else { return "" }
        var result = String.UnicodeScalarView()
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let position = Double(offset + 1)
            if position >= first && position < end { result.append(scalar) }
        }
        return String(result)
    }

    private func translate(_ text: String, from: String, to: String) -> String {
        let source = Array(from.unicodeScalars)
        let target = Array(to.unicodeScalars)
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard let position = source.firstIndex(of: scalar) else {
                result.append(scalar)
                continue
            }
            if position < target.count { result.append(target[position]) }
        }
        return String(result)
    }

    /// `lang()`: the nearest `xml:lang` equals the argument or starts with it followed by `-`, ignoring case.
    private func language(of index: Int, is wanted: String) -> Bool {
        var current = index
        while current > XMLTree.rootIndex {
            for attribute in tree.nodes[current].attributes {
                let node = tree.nodes[attribute]
                guard node.name?.localName == "lang", node.name?.namespaceURI == XMLTree.xmlNamespaceURI else {
                    continue
                }
                let language = node.value.lowercased()
                let prefix = wanted.lowercased()
                return language == prefix || language.hasPrefix(prefix + "-")
            }
            current = tree.nodes[current].parent
        }
        return false
    }
}
