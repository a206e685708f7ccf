import Foundation
import UnderstudyJSON
import Yams

/// Turns YAML into ``JSONValue`` with YAML 1.2's core types, noting each value's line by JSON
/// pointer so that a problem found later can be placed in the file.
enum YAMLReader {
    /// Documents nested deeper than this are refused, as the JSON parser refuses them.
    static let maximumDepth = JSONParser.maximumDepth

    static func read(_ text: String, file: String) throws(OpenAPISpecError) -> (JSONValue, [String: Int]) {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw OpenAPISpecError(file: file, line: line(of: error), reason: "not valid YAML: \(describe(error))")
        } catch {
            throw OpenAPISpecError(file: file, reason: "not valid YAML: \(error)")
        }
        guard let node else { throw OpenAPISpecError(file: file, line: 1, reason: "the file is empty") }
        var lines: [String: Int] = [:]
        let value = try convert(node, pointer: "", depth: 0, file: file, lines: &lines)
        return (value, lines)
    }

    private static func convert(
        _ node: Node, pointer: String, depth: Int, file: String, lines: inout [String: Int]
    ) throws(OpenAPISpecError) -> JSONValue {
        if let mark = node.mark { lines[pointer] = mark.line }
        guard depth < maximumDepth else {
            throw OpenAPISpecError(file: file, line: node.mark?.line, reason: "nested more than \(maximumDepth) deep")
        }
        switch node {
        case .scalar(let scalar):
            return self.scalar(scalar, tag: node.tag)
        case .sequence(let sequence):
            var items: [JSONValue] = []
            for (index, item) in sequence.enumerated() {
                items.append(
                    try convert(item, pointer: pointer + "/\(index)", depth: depth + 1, file: file, lines: &lines))
            }
            return .array(items)
        case .mapping(let mapping):
            var members: [JSONObject.Member] = []
            var seen = Set<String>()
            for (key, value) in mapping {
                guard let name = key.scalar?.string else {
                    throw OpenAPISpecError(file: file, line: key.mark?.line, reason: "a mapping key must be a string")
                }
                guard seen.insert(name).inserted else {
                    throw OpenAPISpecError(
                        file: file, line: key.mark?.line, reason: "the key \"\(name)\" appears twice")
                }
                let child = pointer + "/" + escape(name)
                members.append(
                    JSONObject.Member(
                        key: name,
                        value: try convert(value, pointer: child, depth: depth + 1, file: file, lines: &lines)))
            }
            return .object(JSONObject(members))
        case .alias:
            throw OpenAPISpecError(
                file: file, line: node.mark?.line, reason: "YAML aliases are not supported in a spec")
        }
    }

    /// A scalar by its resolved tag: plain `123`, `1.5`, `true`, `null` keep their types; the rest are strings.
    private static func scalar(_ scalar: Node.Scalar, tag: Tag) -> JSONValue {
        let text = scalar.string
        switch tag.rawValue {
        case Tag.Name.null.rawValue:
            return .null
        case Tag.Name.bool.rawValue:
            return .bool(["true", "yes", "on"].contains(text.lowercased()))
        case Tag.Name.int.rawValue:
            if let value = Int(text) { return .int(value) }
            return .string(text)
        case Tag.Name.float.rawValue:
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
    static func escape(_ token: String) -> String { JSONSchemaPointer.escape(token) }

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
