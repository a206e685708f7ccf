import Foundation
import UnderstudyJSON
import Yams

/// Turns YAML into ``JSONValue`` with the types Yams's default resolver gives plain scalars.
/// Lines are not noted as it goes: a problem found later is placed by ``line(of:in:)``, which
/// reads the text again, as only a failing load needs it.
enum YAMLReader {
    /// Documents nested deeper than this are refused, as the JSON parser refuses them.
    static let maximumDepth = JSONParser.maximumDepth

    static func read(_ text: String, file: String) throws(OpenAPISpecError) -> JSONValue {
        try convert(compose(text, file: file), depth: 0, file: file)
    }

    /// The line of the value at `pointer` in `text`, or of the nearest value around it.
    static func line(of pointer: String, in text: String) -> Int? {
        guard var node = try? compose(text, file: "") else { return nil }
        var line = node.mark?.line
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let next: Node?
            switch node {
            case .mapping(let mapping):
                next = mapping.first { $0.key.scalar.map { escape($0.string) == token } ?? false }?.value
            case .sequence(let sequence):
                // Only the index as written in pointers (`1`, not `01`), as the line map had it.
                next = Int(token).flatMap { String($0) == token && sequence.indices.contains($0) ? sequence[$0] : nil }
            default:
                next = nil
            }
            guard let next else { break }
            node = next
            if let mark = node.mark { line = mark.line }
        }
        return line
    }

    private static func compose(_ text: String, file: String) throws(OpenAPISpecError) -> Node {
        let node: Node?
        do {
            // Without resolver rules, composing does not run a regular expression for every key
            // it compares; scalars are typed after, by ScalarTag. Keys that differ only in type
            // (`1` and `"1"`) compare equal without the rules, so that case is composed again
            // with them, to fail as it always has.
            do {
                node = try Yams.compose(yaml: text, .basic)
            } catch YamlError.duplicatedKeysInMapping {
                node = try Yams.compose(yaml: text)
            }
        } catch let error as YamlError {
            throw OpenAPISpecError(file: file, line: line(of: error), reason: "not valid YAML: \(describe(error))")
        } catch {
            throw OpenAPISpecError(file: file, reason: "not valid YAML: \(error)")
        }
        guard let node else { throw OpenAPISpecError(file: file, line: 1, reason: "the file is empty") }
        return node
    }

    private static func convert(_ node: Node, depth: Int, file: String) throws(OpenAPISpecError) -> JSONValue {
        guard depth < maximumDepth else {
            throw OpenAPISpecError(file: file, line: node.mark?.line, reason: "nested more than \(maximumDepth) deep")
        }
        switch node {
        case .scalar(let scalar):
            return self.scalar(scalar)
        case .sequence(let sequence):
            var items: [JSONValue] = []
            items.reserveCapacity(sequence.count)
            for item in sequence { items.append(try convert(item, depth: depth + 1, file: file)) }
            return .array(items)
        case .mapping(let mapping):
            var members: [JSONObject.Member] = []
            members.reserveCapacity(mapping.count)
            // A scan finds a repeated key in a small mapping sooner than hashing would.
            var seen: Set<String>? = mapping.count > 8 ? [] : nil
            for (key, value) in mapping {
                guard let name = key.scalar?.string else {
                    throw OpenAPISpecError(file: file, line: key.mark?.line, reason: "a mapping key must be a string")
                }
                let repeated = seen.map { $0.contains(name) } ?? members.contains { $0.key == name }
                seen?.insert(name)
                guard !repeated else {
                    throw OpenAPISpecError(
                        file: file, line: key.mark?.line, reason: "the key \"\(name)\" appears twice")
                }
                members.append(JSONObject.Member(key: name, value: try convert(value, depth: depth + 1, file: file)))
            }
            return .object(JSONObject(members))
        case .alias:
            throw OpenAPISpecError(
                file: file, line: node.mark?.line, reason: "YAML aliases are not supported in a spec")
        }
    }

    /// A scalar by its resolved tag: plain `123`, `1.5`, `true`, `null` keep their types; the rest are strings.
    private static func scalar(_ scalar: Node.Scalar) -> JSONValue {
        let text = scalar.string
        let tag = ScalarTag.resolve(scalar)
        switch tag {
        case .null:
            return .null
        case .bool:
            return .bool(["true", "yes", "on"].contains(text.lowercased()))
        case .int:
            if let value = Int(text) { return .int(value) }
            return .string(text)
        case .float:
            if let value = Double(text), value.isFinite {
                // Keep the literal when it is already valid JSON, so `1.20` stays `1.20`.
                let isJSONNumber =
                    text.range(of: #"^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$"#, options: .regularExpression) != nil
                return .number(isJSONNumber ? JSONNumber(literal: text) : JSONNumber(value))
            }
            return .string(text)
        default:
            return .string(text)
        }
    }

    /// A key as one JSON pointer token.
    static func escape(_ token: String) -> String { SpecPointer.escape(token) }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): return mark.line
        default: return nil
        }
    }

    private static func describe(_ error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, _, _), .parser(let context, let problem, _, _),
            .composer(let context, let problem, _, _):
            return [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
        default:
            return String(describing: error)
        }
    }
}
