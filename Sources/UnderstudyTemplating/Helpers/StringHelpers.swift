import Foundation

/// Text helpers: jknack's StringHelpers WireMock registers, and WireMock's regex and size helpers.
extension TemplateHelpers {
    static let strings: [String: TemplateHelper] = [
        "trim": { call throws(RenderFailure) in
            .string((try call.content() ?? "").trimmingCharacters(in: .whitespacesAndNewlines))
        },
        "upper": { call throws(RenderFailure) in .string((try call.content() ?? "").uppercased()) },
        "lower": { call throws(RenderFailure) in .string((try call.content() ?? "").lowercased()) },
        "capitalize": { call throws(RenderFailure) in
            .string(capitalizeWords(try call.content() ?? "", fully: call.hashFlag("fully")))
        },
        "capitalizeFirst": { call throws(RenderFailure) in
            let text = try call.content() ?? ""
            return .string(text.prefix(1).uppercased() + text.dropFirst())
        },
        "defaultIfEmpty": { call in
            let value = call.param(0) ?? .null
            return value.isTruthy ? value : (call.param(1) ?? .string(""))
        },
        "replace": { call in
            guard let text = call.param(0)?.text, let target = call.param(1)?.text, !target.isEmpty else {
                return call.param(0) ?? .null
            }
            return .string(text.replacingOccurrences(of: target, with: call.param(2)?.text ?? ""))
        },
        "join": { call in
            // jknack's `join items ', '` (and WireMock's `arrayJoin`): the last parameter is the separator.
            guard call.params.count >= 2 else { return .string(call.param(0)?.elements?.map(\.text).joined() ?? "") }
            let separator = call.params[call.params.count - 1].text
            let items = call.params.dropLast().flatMap { $0.elements ?? [$0] }
            return .string(items.map(\.text).joined(separator: separator))
        },
        "size": { call in
            switch call.param(0) ?? .null {
            case .null: return .int(0)
            case let value:
                if let items = value.elements { return .int(items.count) }
                if let entries = value.namedEntries { return .int(entries.count) }
                return .int(value.text.count)
            }
        },
        "contains": { call throws(RenderFailure) in
            let haystack = call.param(0) ?? .null
            let needle = call.param(1) ?? .null
            let found: Bool
            if let items = haystack.elements {
                found = items.contains { equal($0, needle) }
            } else {
                found = haystack.text.contains(needle.text)
            }
            return try call.condition(found)
        },
        "matches": { call throws(RenderFailure) in
            guard let pattern = call.param(1)?.text else { return try call.condition(false) }
            guard let regex = compiledRegex(pattern) else {
                return HelperInvocation.softError("Invalid regex string \(pattern)")
            }
            let text = (call.param(0) ?? .null).text
            let range = NSRange(text.startIndex..<text.endIndex, in: text)
            let match = regex.firstMatch(in: text, options: [.anchored], range: range)
            return try call.condition(match.map { $0.range == range } ?? false)
        },
        "regexExtract": { call in
            let text = (call.param(0) ?? .null).text
            guard let pattern = call.param(1)?.text else {
                return HelperInvocation.softError("regexExtract needs a regular expression")
            }
            guard let regex = compiledRegex(pattern) else {
                return HelperInvocation.softError("Invalid regex string \(pattern)")
            }
            let range = NSRange(text.startIndex..<text.endIndex, in: text)
            let matches = regex.matches(in: text, range: range)
            guard let variable = call.param(2)?.text else {
                guard let first = matches.first, let whole = Range(first.range, in: text) else {
                    return call.hash("default") ?? HelperInvocation.softError("Nothing matched \(pattern)")
                }
                return .string(String(text[whole]))
            }
            var groups: [String] = []
            for match in matches where match.numberOfRanges > 1 {
                for g in 1..<match.numberOfRanges {
                    groups.append(Range(match.range(at: g), in: text).map { String(text[$0]) } ?? "")
                }
            }
            guard !groups.isEmpty else {
                return call.hash("default") ?? HelperInvocation.softError("Nothing matched \(pattern)")
            }
            call.assign(variable, groups.count == 1 ? .multi(groups) : .list(groups.map { .string($0) }))
            return .null
        }
    ]

    static func compiledRegex(_ pattern: String) -> NSRegularExpression? {
        PatternCaches.regex.value(for: pattern) { try? NSRegularExpression(pattern: $0) }
    }

    /// Commons' WordUtils.capitalize: each whitespace-separated word starts upper-case;
    /// `fully` lower-cases the rest of each word first.
    static func capitalizeWords(_ text: String, fully: Bool) -> String {
        var result = ""
        var atWordStart = true
        for character in text {
            if character.isWhitespace {
                atWordStart = true
                result.append(character)
            } else if atWordStart {
                result += character.uppercased()
                atWordStart = false
            } else {
                result += fully ? character.lowercased() : String(character)
            }
        }
        return result
    }
}
