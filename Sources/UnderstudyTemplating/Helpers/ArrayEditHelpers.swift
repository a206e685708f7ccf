/// `arrayAdd` and `arrayRemove` (WireMock 3.6): a copy of a list with one element added or
/// removed at `position` (`start`, `end`, the default, or an index).
extension TemplateHelpers {
    static let arrayEdits: [String: TemplateHelper] = [
        "arrayAdd": { call in
            guard let list = call.param(0), !isNull(list) else { return .list([]) }
            var items = list.elements ?? [list]
            guard let value = call.param(1) else {
                return HelperInvocation.softError("Missing required parameter: additional value to add to list")
            }
            guard let position = arrayPosition(call) else { return positionError }
            guard let index = position else {
                items.append(value)
                return .list(items)
            }
            guard index >= 0, index <= items.count else { return rangeError }
            items.insert(value, at: index)
            return .list(items)
        },
        "arrayRemove": { call in
            guard let list = call.param(0), !isNull(list) else { return .list([]) }
            var items = list.elements ?? [list]
            guard let position = arrayPosition(call) else { return positionError }
            let index = position ?? items.count - 1
            // WireMock lets `position` equal the size through its check, then fails removing it.
            guard index >= 0, index < items.count else { return rangeError }
            items.remove(at: index)
            return .list(items)
        }
    ]

    private static var positionError: TemplateValue {
        HelperInvocation.softError("position must be 'start', 'end' or an integer")
    }
    private static var rangeError: TemplateValue {
        HelperInvocation.softError(
            "position must be greater than or equal to 0 and less than or equal to the size of the list")
    }

    /// `position=`: nil for the end (`.some(nil)`), 0 for `start`, else the integer; nil when unreadable.
    private static func arrayPosition(_ call: HelperInvocation) -> Int?? {
        guard let spec = call.hash("position") else { return .some(nil) }
        if case .int(let i) = spec { return .some(i) }
        let text = spec.text
        if text.lowercased() == "start" { return .some(0) }
        if text.lowercased() == "end" { return .some(nil) }
        guard let i = Int(text) else { return nil }
        return .some(i)
    }
}
