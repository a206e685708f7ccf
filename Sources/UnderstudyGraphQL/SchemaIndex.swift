import GraphQL

/// A type as a field or a variable declares it: a named type, wrapped in lists and non-null.
indirect enum TypeRef: Sendable, Hashable, CustomStringConvertible {
    case named(String)
    case list(TypeRef)
    case nonNull(TypeRef)

    /// The named type under every wrapper.
    var name: String {
        switch self {
        case .named(let name): name
        case .list(let inner), .nonNull(let inner): inner.name
        }
    }

    /// As the schema language writes it: `[Film!]!`.
    var description: String {
        switch self {
        case .named(let name): name
        case .list(let inner): "[\(inner)]"
        case .nonNull(let inner): "\(inner)!"
        }
    }

    init(_ type: any GraphQLType) {
        if let nonNull = type as? GraphQLNonNull {
            self = .nonNull(TypeRef(nonNull.ofType))
        } else if let list = type as? GraphQLList {
            self = .list(TypeRef(list.ofType))
        } else if let named = type as? any GraphQLNamedType {
            self = .named(named.name)
        } else {
            self = .named("\(type)")
        }
    }

    /// The type a variable definition writes.
    init(ast: any Type) {
        switch ast {
        case let nonNull as NonNullType: self = .nonNull(TypeRef(ast: nonNull.type))
        case let list as ListType: self = .list(TypeRef(ast: list.type))
        case let named as NamedType: self = .named(named.name.value)
        default: self = .named("")
        }
    }
}

/// A field of an object or an interface.
struct FieldInfo: Sendable {
    var type: TypeRef
    var arguments: [String: TypeRef]
}

/// An input object's field.
struct InputFieldInfo: Sendable {
    var type: TypeRef
    var hasDefault: Bool
}

/// What a named type is, with what the executor and the checks need of it.
enum NamedTypeInfo: Sendable {
    case scalar
    case enumeration([String])
    case object(fields: [String: FieldInfo], interfaces: [String])
    case interface(fields: [String: FieldInfo], possibleTypes: [String])
    case union(possibleTypes: [String])
    case inputObject([String: InputFieldInfo])
}

/// The schema's types read once into plain values, so serving never calls into the schema's
/// lazily built, lock-guarded field maps.
struct SchemaIndex: Sendable {
    var types: [String: NamedTypeInfo]
    var queryType: String?
    var mutationType: String?
    var subscriptionType: String?

    init(_ schema: GraphQLSchema) throws {
        var types: [String: NamedTypeInfo] = [:]
        for (name, type) in schema.typeMap {
            switch type {
            case let object as GraphQLObjectType:
                types[name] = .object(
                    fields: try Self.fields(object.fields()), interfaces: try object.interfaces().map(\.name))
            case let interface as GraphQLInterfaceType:
                types[name] = .interface(
                    fields: try Self.fields(interface.fields()),
                    possibleTypes: schema.getPossibleTypes(abstractType: interface).map(\.name).sorted())
            case let union as GraphQLUnionType:
                types[name] = .union(possibleTypes: schema.getPossibleTypes(abstractType: union).map(\.name).sorted())
            case let enumeration as GraphQLEnumType:
                types[name] = .enumeration(enumeration.values.map(\.name))
            case let input as GraphQLInputObjectType:
                var fields: [String: InputFieldInfo] = [:]
                for (field, definition) in try input.fields() {
                    fields[field] = InputFieldInfo(
                        type: TypeRef(definition.type), hasDefault: definition.defaultValue != nil)
                }
                types[name] = .inputObject(fields)
            default:
                types[name] = .scalar
            }
        }
        self.types = types
        queryType = schema.queryType?.name
        mutationType = schema.mutationType?.name
        subscriptionType = schema.subscriptionType?.name
    }

    private static func fields(_ map: GraphQLFieldMap) -> [String: FieldInfo] {
        var fields: [String: FieldInfo] = [:]
        for (name, field) in map {
            var arguments: [String: TypeRef] = [:]
            for (argument, definition) in field.args { arguments[argument] = TypeRef(definition.type) }
            fields[name] = FieldInfo(type: TypeRef(field.type), arguments: arguments)
        }
        return fields
    }

    /// The fields of an object or interface type; empty for any other.
    func fields(of type: String) -> [String: FieldInfo] {
        switch types[type] {
        case .object(let fields, _), .interface(let fields, _): fields
        default: [:]
        }
    }

    /// The object types a value of `type` can be: itself for an object, its members for an
    /// interface or a union, sorted by name.
    func possibleTypes(of type: String) -> [String] {
        switch types[type] {
        case .object: [type]
        case .interface(_, let possible), .union(let possible): possible
        default: []
        }
    }

    /// Whether a fragment on `condition` applies to an object of type `object`.
    func applies(_ condition: String, to object: String) -> Bool {
        condition == object || possibleTypes(of: condition).contains(object)
    }

    /// The root type of an operation kind.
    func rootType(_ operation: OperationType) -> String? {
        switch operation {
        case .query: queryType
        case .mutation: mutationType
        case .subscription: subscriptionType
        }
    }
}
