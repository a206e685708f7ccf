/// A GraphQL executable document (operations and fragments), as the query of a request holds
/// it: what WireMock's GraphQL matcher compares, and what schema validation reads.
public struct GraphQLDocument: Sendable, Hashable {
    /// Operations in the order written.
    public var operations: [GraphQLOperation]
    /// Fragment definitions in the order written.
    public var fragments: [GraphQLFragment]

    /// A document of these definitions.
    public init(operations: [GraphQLOperation] = [], fragments: [GraphQLFragment] = []) {
        self.operations = operations
        self.fragments = fragments
    }
}

/// `query Name($id: ID!) @dir { … }`, or a bare `{ … }` (a query without a name).
public struct GraphQLOperation: Sendable, Hashable {
    /// `query`, `mutation` or `subscription`.
    public var kind: String
    public var name: String?
    public var variables: [GraphQLVariableDefinition]
    public var directives: [GraphQLDirective]
    public var selections: [GraphQLSelection]

    public init(
        kind: String = "query", name: String? = nil, variables: [GraphQLVariableDefinition] = [],
        directives: [GraphQLDirective] = [], selections: [GraphQLSelection] = []
    ) {
        self.kind = kind
        self.name = name
        self.variables = variables
        self.directives = directives
        self.selections = selections
    }
}

/// `fragment Name on Type @dir { … }`.
public struct GraphQLFragment: Sendable, Hashable {
    public var name: String
    public var typeCondition: String
    public var directives: [GraphQLDirective]
    public var selections: [GraphQLSelection]

    public init(
        name: String, typeCondition: String, directives: [GraphQLDirective] = [], selections: [GraphQLSelection]
    ) {
        self.name = name
        self.typeCondition = typeCondition
        self.directives = directives
        self.selections = selections
    }
}

/// `$id: ID! = 1 @dir`.
public struct GraphQLVariableDefinition: Sendable, Hashable {
    public var name: String
    /// The type as written without spaces: `ID!`, `[String!]`.
    public var type: String
    public var defaultValue: GraphQLValue?
    public var directives: [GraphQLDirective]

    public init(name: String, type: String, defaultValue: GraphQLValue? = nil, directives: [GraphQLDirective] = []) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
    }
}

/// `@name(arg: value)`.
public struct GraphQLDirective: Sendable, Hashable {
    public var name: String
    public var arguments: [GraphQLArgument]

    public init(name: String, arguments: [GraphQLArgument] = []) {
        self.name = name
        self.arguments = arguments
    }
}

/// `name: value`, an argument or an input object's field.
public struct GraphQLArgument: Sendable, Hashable {
    public var name: String
    public var value: GraphQLValue

    public init(name: String, value: GraphQLValue) {
        self.name = name
        self.value = value
    }
}

/// One entry of a selection set.
public indirect enum GraphQLSelection: Sendable, Hashable {
    /// `alias: name(args) @dir { … }`.
    case field(GraphQLField)
    /// `...Name @dir`.
    case fragmentSpread(name: String, directives: [GraphQLDirective])
    /// `... on Type @dir { … }` (the type condition may be left out).
    case inlineFragment(typeCondition: String?, directives: [GraphQLDirective], selections: [GraphQLSelection])
}

/// A field of a selection set.
public struct GraphQLField: Sendable, Hashable {
    public var alias: String?
    public var name: String
    public var arguments: [GraphQLArgument]
    public var directives: [GraphQLDirective]
    public var selections: [GraphQLSelection]

    public init(
        alias: String? = nil, name: String, arguments: [GraphQLArgument] = [], directives: [GraphQLDirective] = [],
        selections: [GraphQLSelection] = []
    ) {
        self.alias = alias
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.selections = selections
    }

    /// The key the field's value has in a response: its alias, else its name.
    public var responseKey: String { alias ?? name }
}

/// An argument's value as written (numbers kept as their text).
public indirect enum GraphQLValue: Sendable, Hashable {
    case variable(String)
    case int(String)
    case float(String)
    case string(String)
    case boolean(Bool)
    case null
    case enumValue(String)
    case list([GraphQLValue])
    case object([GraphQLArgument])
}
