/// A document written so that two documents WireMock's GraphQL matcher (the
/// `graphql-body-matcher` extension) counts as the same read the same. As its normalizer did
/// before 0.8, which its end-to-end fixtures still require (its 0.9 code, graphql-java's
/// AstSorter and AstComparator, also compares fragment and operation names):
/// an operation counts only by its selections (its kind, name, variable definitions and
/// directives do not); a field by its alias, name, arguments and selections (not its
/// directives); an inline fragment by its type condition and selections; a fragment spread as a
/// spread with its directives, whatever fragment it names; a fragment definition by its type
/// condition and selections, not its name. Selections are compared in any order. Beyond the
/// extension, arguments and input object fields are compared in any order too (GraphQL gives
/// their order no meaning), and so are the fragment definitions.
enum GraphQLCanonicalForm {
    static func of(_ document: GraphQLDocument) -> String {
        let operations = document.operations.map { selections($0.selections) }
        let fragments = document.fragments.map(fragment).sorted()
        return (operations + fragments).joined(separator: " ")
    }

    static func fragment(_ fragment: GraphQLFragment) -> String {
        "fragment on " + fragment.typeCondition + selections(fragment.selections)
    }

    static func selections(_ selections: [GraphQLSelection]) -> String {
        guard !selections.isEmpty else { return "" }
        return "{" + selections.map(selection).sorted().joined(separator: ",") + "}"
    }

    static func selection(_ selection: GraphQLSelection) -> String {
        switch selection {
        case .field(let field):
            var text = field.alias.map { $0 + ":" } ?? ""
            text += field.name
            if !field.arguments.isEmpty { text += "(" + arguments(field.arguments) + ")" }
            return text + selections(field.selections)
        case .fragmentSpread(_, let directives):
            return "..." + self.directives(directives)
        case .inlineFragment(let typeCondition, _, let selections):
            return "..." + (typeCondition.map { " on " + $0 } ?? "") + self.selections(selections)
        }
    }

    static func arguments(_ arguments: [GraphQLArgument]) -> String {
        arguments.map { $0.name + ":" + value($0.value) }.sorted().joined(separator: ",")
    }

    static func directives(_ directives: [GraphQLDirective]) -> String {
        directives.map { "@" + $0.name + ($0.arguments.isEmpty ? "" : "(" + arguments($0.arguments) + ")") }.sorted()
            .joined()
    }

    static func value(_ value: GraphQLValue) -> String {
        switch value {
        case .variable(let name): return "$" + name
        case .int(let text), .float(let text): return text
        case .string(let text):
            return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\""
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .enumValue(let name): return name
        case .list(let items): return "[" + items.map(Self.value).joined(separator: ",") + "]"
        case .object(let fields): return "{" + arguments(fields) + "}"
        }
    }
}
