/// Reads a GraphQL executable document (spec §2: operations and fragments; type-system
/// definitions are refused). Recursive descent over the spec's tokens, with a nesting
/// limit so a hostile query cannot exhaust the stack.
public enum GraphQLParser {
    /// Selection sets, lists and objects may nest this deep.
    static let maxDepth = 128

    /// The document in `source`.
    /// - Throws: ``GraphQLSyntaxError`` with the line and column of the first problem.
    public static func parse(_ source: String) throws(GraphQLSyntaxError) -> GraphQLDocument {
        var parser = try Reader(source)
        return try parser.document()
    }

    private struct Reader {
        var lexer: GraphQLLexer
        var token: GraphQLLexer.Token
        var offset: Int
        var depth = 0

        init(_ source: String) throws(GraphQLSyntaxError) {
            lexer = GraphQLLexer(source)
            (token, offset) = try lexer.next()
        }

        mutating func advance() throws(GraphQLSyntaxError) {
            (token, offset) = try lexer.next()
        }

        func error(_ message: String) -> GraphQLSyntaxError {
            let (line, column) = lexer.location(of: offset)
            return GraphQLSyntaxError(message: message, line: line, column: column)
        }

        var described: String {
            switch token {
            case .punctuator(let p): return "'\(p)'"
            case .name(let n): return "'\(n)'"
            case .int(let t), .float(let t): return "the number \(t)"
            case .string: return "a string"
            case .end: return "the end of the document"
            }
        }

        func isPunctuator(_ p: String) -> Bool { token == .punctuator(p) }

        mutating func expect(_ p: String) throws(GraphQLSyntaxError) {
            guard isPunctuator(p) else { throw error("expected '\(p)', found \(described)") }
            try advance()
        }

        mutating func skip(_ p: String) throws(GraphQLSyntaxError) -> Bool {
            guard isPunctuator(p) else { return false }
            try advance()
            return true
        }

        mutating func name() throws(GraphQLSyntaxError) -> String {
            guard case .name(let name) = token else { throw error("expected a name, found \(described)") }
            try advance()
            return name
        }

        mutating func enter() throws(GraphQLSyntaxError) {
            depth += 1
            if depth > GraphQLParser.maxDepth { throw error("nested deeper than \(GraphQLParser.maxDepth) levels") }
        }

        mutating func document() throws(GraphQLSyntaxError) -> GraphQLDocument {
            var document = GraphQLDocument()
            guard token != .end else { throw error("the document is empty") }
            while token != .end {
                if isPunctuator("{") {
                    document.operations.append(GraphQLOperation(selections: try selectionSet()))
                    continue
                }
                guard case .name(let keyword) = token else { throw error("expected a definition, found \(described)") }
                switch keyword {
                case "query", "mutation", "subscription": document.operations.append(try operation(keyword))
                case "fragment": document.fragments.append(try fragment())
                case "schema", "scalar", "type", "interface", "union", "enum", "input", "directive", "extend":
                    throw error("'\(keyword)' defines a type system; a request holds operations and fragments only")
                default: throw error("expected 'query', 'mutation', 'subscription' or 'fragment', found \(described)")
                }
            }
            return document
        }

        mutating func operation(_ kind: String) throws(GraphQLSyntaxError) -> GraphQLOperation {
            try advance()
            var operation = GraphQLOperation(kind: kind)
            if case .name(let name) = token {
                operation.name = name
                try advance()
            }
            if try skip("(") {
                repeat { operation.variables.append(try variableDefinition()) } while !(try skip(")"))
            }
            operation.directives = try directives(constant: false)
            operation.selections = try selectionSet()
            return operation
        }

        mutating func variableDefinition() throws(GraphQLSyntaxError) -> GraphQLVariableDefinition {
            try expect("$")
            let name = try self.name()
            try expect(":")
            let type = try self.type()
            let defaultValue = try skip("=") ? try value(constant: true) : nil
            return GraphQLVariableDefinition(
                name: name, type: type, defaultValue: defaultValue, directives: try directives(constant: true))
        }

        mutating func type() throws(GraphQLSyntaxError) -> String {
            var text: String
            if try skip("[") {
                try enter()
                text = "[" + (try type()) + "]"
                depth -= 1
                try expect("]")
            } else {
                text = try name()
            }
            if try skip("!") { text += "!" }
            return text
        }

        mutating func fragment() throws(GraphQLSyntaxError) -> GraphQLFragment {
            try advance()
            if case .name("on") = token { throw error("a fragment may not be named 'on'") }
            let name = try self.name()
            guard case .name("on") = token else { throw error("expected 'on', found \(described)") }
            try advance()
            let typeCondition = try self.name()
            let directives = try self.directives(constant: false)
            return GraphQLFragment(
                name: name, typeCondition: typeCondition, directives: directives, selections: try selectionSet())
        }

        mutating func selectionSet() throws(GraphQLSyntaxError) -> [GraphQLSelection] {
            try expect("{")
            try enter()
            var selections: [GraphQLSelection] = []
            repeat { selections.append(try selection()) } while !(try skip("}"))
            depth -= 1
            return selections
        }

        mutating func selection() throws(GraphQLSyntaxError) -> GraphQLSelection {
            if try skip("...") {
                if case .name(let name) = token, name != "on" {
                    try advance()
                    return .fragmentSpread(name: name, directives: try directives(constant: false))
                }
                var typeCondition: String?
                if case .name("on") = token {
                    try advance()
                    typeCondition = try name()
                }
                let directives = try self.directives(constant: false)
                return .inlineFragment(
                    typeCondition: typeCondition, directives: directives, selections: try selectionSet())
            }
            var field = GraphQLField(name: try name())
            if try skip(":") {
                field.alias = field.name
                field.name = try name()
            }
            field.arguments = try arguments(constant: false)
            field.directives = try directives(constant: false)
            if isPunctuator("{") { field.selections = try selectionSet() }
            return .field(field)
        }

        mutating func arguments(constant: Bool) throws(GraphQLSyntaxError) -> [GraphQLArgument] {
            guard try skip("(") else { return [] }
            var arguments: [GraphQLArgument] = []
            repeat {
                let name = try self.name()
                try expect(":")
                arguments.append(GraphQLArgument(name: name, value: try value(constant: constant)))
            } while !(try skip(")"))
            return arguments
        }

        mutating func directives(constant: Bool) throws(GraphQLSyntaxError) -> [GraphQLDirective] {
            var directives: [GraphQLDirective] = []
            while try skip("@") {
                let name = try self.name()
                directives.append(GraphQLDirective(name: name, arguments: try arguments(constant: constant)))
            }
            return directives
        }

        mutating func value(constant: Bool) throws(GraphQLSyntaxError) -> GraphQLValue {
            switch token {
            case .punctuator("$"):
                guard !constant else { throw error("a variable cannot be used here (a constant is needed)") }
                try advance()
                return .variable(try name())
            case .int(let text):
                try advance()
                return .int(text)
            case .float(let text):
                try advance()
                return .float(text)
            case .string(let text):
                try advance()
                return .string(text)
            case .name(let name):
                try advance()
                switch name {
                case "true": return .boolean(true)
                case "false": return .boolean(false)
                case "null": return .null
                default: return .enumValue(name)
                }
            case .punctuator("["):
                try advance()
                try enter()
                var items: [GraphQLValue] = []
                while !(try skip("]")) { items.append(try value(constant: constant)) }
                depth -= 1
                return .list(items)
            case .punctuator("{"):
                try advance()
                try enter()
                var fields: [GraphQLArgument] = []
                while !(try skip("}")) {
                    let name = try self.name()
                    try expect(":")
                    fields.append(GraphQLArgument(name: name, value: try value(constant: constant)))
                }
                depth -= 1
                return .object(fields)
            default:
                throw error("expected a value, found \(described)")
            }
        }
    }
}
