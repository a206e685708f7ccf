/// A location in a JSON document, written as a JSONPath such as `$.items[2]['odd key']`.
struct JSONDifferencePath {
    enum Step {
        case key(String)
        case index(Int)
    }

    private(set) var steps: [Step] = []

    mutating func push(_ step: Step) { steps.append(step) }
    mutating func pop() { steps.removeLast() }

    var text: String {
        var result = "$"
        for step in steps {
            switch step {
            case .index(let index):
                result += "[\(index)]"
            case .key(let key) where JSONDifferencePath.isPlainName(key):
                result += ".\(key)"
            case .key(let key):
                let escaped = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                    of: "'", with: "\\'")
                result += "['\(escaped)']"
            }
        }
        return result
    }

    private static func isPlainName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic && first.isASCII
        else {
            return false
        }
        return key.unicodeScalars.allSatisfy {
            $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0))
        }
    }
}

/// Compact JSON for messages, shortened so one huge subtree cannot swamp a near-miss report.
enum JSONDifferenceText {
    static let limit = 80

    static func render(_ value: JSONValue) -> String {
        let text = JSONWriter.string(value)
        guard text.count > limit else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }
}
