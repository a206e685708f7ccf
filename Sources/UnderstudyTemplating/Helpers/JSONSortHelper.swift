import UnderstudyJSON

/// `jsonSort` (WireMock 4): sorts the array before the path's first `[*]` by what the rest of the
/// path finds in each element. Stable; `order='desc'`; missing or null keys first unless `nulls='last'`.
extension TemplateHelpers {
    static let jsonSorting: [String: TemplateHelper] = [
        "jsonSort": { call in jsonSort(call) }
    ]

    private enum SortKind { case number, string, bool }

    private static func jsonSort(_ call: HelperInvocation) -> TemplateValue {
        guard let input = call.param(0), let text = jsonText(input) else {
            return HelperInvocation.softError("Input JSON must be a string")
        }
        if text == "null" {
            return HelperInvocation.softError("Cannot sort a JSON null value - input must be a JSON array")
        }
        guard call.params.count == 2 else {
            return HelperInvocation.softError("A single JSONPath expression parameter must be supplied")
        }
        guard let expression = stringArgument(call.params[1]) else {
            return HelperInvocation.softError("JSONPath parameter must be a string")
        }
        let order = call.hash("order")?.text ?? "asc"
        guard order == "asc" || order == "desc" else {
            return HelperInvocation.softError("order parameter must be 'asc' or 'desc'")
        }
        let nulls = call.hash("nulls")?.text ?? "first"
        guard nulls == "first" || nulls == "last" else {
            return HelperInvocation.softError("nulls parameter must be 'first' or 'last'")
        }
        guard let wildcard = expression.range(of: "[*]") else {
            return HelperInvocation.softError(
                "JSONPath must include [*] to specify array location (e.g., '$[*].name' or '$.users[*].name')")
        }
        let arrayPathText =
            expression[..<wildcard.lowerBound].isEmpty ? "$" : String(expression[..<wildcard.lowerBound])
        let keyPathText = "$" + expression[wildcard.upperBound...]
        guard let document = parse(input, text) else {
            return HelperInvocation.softError("Input JSON string is not valid JSON ('\(text)')")
        }
        guard let arrayPath = try? JSONPath(arrayPathText), let keyPath = try? JSONPath(keyPathText) else {
            return HelperInvocation.softError("Invalid JSONPath expression ('\(expression)')")
        }
        guard arrayPath.isDefinite, let location = arrayPath.locations(in: document)?.first,
            let found = arrayPath.evaluate(document).values.first
        else {
            return HelperInvocation.softError("Array not found at path ('\(arrayPathText)')")
        }
        guard case .array(let items) = found else {
            return HelperInvocation.softError("JSONPath does not reference an array ('\(arrayPathText)')")
        }
        guard keyPath.isDefinite else {
            let wildcards = expression.components(separatedBy: "[*]").count - 1
            return HelperInvocation.softError(
                "JSONPath contains \(wildcards) wildcards [*] but only single-level array sorting is supported")
        }
        // A missing key sorts as null, as WireMock reads leaves it cannot find.
        let keys: [JSONValue] = items.map { item in
            if case .definite(let value?) = keyPath.evaluate(item) { return value }
            return .null
        }
        guard items.count > 1 else { return .string(JSONWriter.string(document)) }
        var kind: SortKind?
        for key in keys {
            let keyKind: SortKind
            switch key {
            case .null: continue
            case .number: keyKind = .number
            case .string: keyKind = .string
            case .bool: keyKind = .bool
            default:
                return HelperInvocation.softError(
                    "All sort field values must be of the same comparable type (Number, String, or Boolean)")
            }
            if let kind, kind != keyKind {
                return HelperInvocation.softError(
                    "All sort field values must be of the same comparable type (Number, String, or Boolean)")
            }
            kind = keyKind
        }
        let descending = order == "desc"
        let nullsLast = nulls == "last"
        // `desc` reverses the whole comparison, nulls included, as Java's `reversed()` does.
        let sorted = zip(items, keys).enumerated().sorted { a, b in
            let c = compare(a.element.1, b.element.1, nullsLast: nullsLast)
            let ordered = descending ? -c : c
            return ordered != 0 ? ordered < 0 : a.offset < b.offset
        }.map(\.element.0)
        return .string(JSONWriter.string(JSONPath.updating(document, at: location) { _ in .array(sorted) }))
    }

    /// -1, 0 or 1 for two sort keys of one kind, nulls first (or last).
    private static func compare(_ a: JSONValue, _ b: JSONValue, nullsLast: Bool) -> Int {
        switch (a.isNull, b.isNull) {
        case (true, true): return 0
        case (true, false): return nullsLast ? 1 : -1
        case (false, true): return nullsLast ? -1 : 1
        default: break
        }
        switch (a, b) {
        case (.number(let x), .number(let y)):
            let (dx, dy) = (x.doubleValue, y.doubleValue)
            return dx < dy ? -1 : (dx > dy ? 1 : 0)
        case (.string(let x), .string(let y)):
            // Java compares strings by UTF-16 code units.
            return x.utf16.lexicographicallyPrecedes(y.utf16) ? -1 : (x.utf16.elementsEqual(y.utf16) ? 0 : 1)
        case (.bool(let x), .bool(let y)):
            return x == y ? 0 : (x ? 1 : -1)
        default:
            return 0
        }
    }
}
