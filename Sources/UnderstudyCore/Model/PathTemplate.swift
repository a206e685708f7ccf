/// A `urlPathTemplate` such as `/contacts/{contactId}/addresses/{id}`: literal segments and
/// named variables that each stand for one whole path segment.
public struct PathTemplate: Sendable, Hashable {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case variable(String)
    }

    /// The template as written, e.g. `/orders/{id}`.
    public let template: String
    let segments: [Segment]

    /// The variable names, in order.
    public var variableNames: [String] {
        segments.compactMap { if case .variable(let name) = $0 { return name } else { return nil } }
    }

    /// Parses a template.
    public init(_ template: String) throws(PathTemplateError) {
        self.template = template
        var segments: [Segment] = []
        var seen = Set<String>()
        for part in template.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            if part.hasPrefix("{") && part.hasSuffix("}") && part.count > 2 {
                let name = String(part.dropFirst().dropLast())
                guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }) else {
                    throw PathTemplateError(message: "Invalid variable name '\(name)' in path template '\(template)'")
                }
                guard seen.insert(name).inserted else {
                    throw PathTemplateError(message: "Variable '\(name)' appears twice in path template '\(template)'")
                }
                segments.append(.variable(name))
            } else if part.contains("{") || part.contains("}") {
                throw PathTemplateError(message: "A variable must fill a whole segment in path template '\(template)'")
            } else {
                segments.append(.literal(String(part)))
            }
        }
        guard template.hasPrefix("/") else {
            throw PathTemplateError(message: "Path template '\(template)' must start with '/'")
        }
        self.segments = segments
    }

    /// The variables' values when `path` fits the template (still percent-encoded), else nil.
    public func match(_ path: String) -> [String: String]? {
        guard path.hasPrefix("/") else { return nil }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard parts.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let literal):
                guard literal == part else { return nil }
            case .variable(let name):
                guard !part.isEmpty else { return nil }
                values[name] = String(part)
            }
        }
        return values
    }
}

/// A `urlPathTemplate` that cannot be parsed.
public struct PathTemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with it.
    public let message: String
    public var description: String { message }
}
