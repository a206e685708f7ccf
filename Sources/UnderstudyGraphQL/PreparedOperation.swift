import GraphQL
import UnderstudyJSON

/// One operation of a request, parsed, validated against the schema, chosen by its name and
/// with its variables checked: what the mock executor runs.
struct PreparedOperation {
    let operation: OperationDefinition
    let fragments: [String: FragmentDefinition]
    let variables: [String: JSONValue]

    /// Parses `query` and checks it as a server would before executing it; the errors carry
    /// their line and column. `checksVariables` false takes the variables as they are (a stub's
    /// query, whose variables are matched by patterns or not at all).
    static func prepare(
        query: String, operationName: String?, variables: JSONValue?, model: GraphQLSchemaModel,
        checksVariables: Bool = true
    ) -> Result<PreparedOperation, OperationErrors> {
        let document: Document
        do {
            document = try parse(source: Source(body: query, name: "GraphQL request"))
        } catch let error as GraphQLError {
            return .failure(OperationErrors([error]))
        } catch {
            return .failure(OperationErrors([GraphQLError(message: "\(error)")]))
        }
        let problems = validate(schema: model.schema, ast: document)
        if !problems.isEmpty { return .failure(OperationErrors(problems)) }
        var operations: [OperationDefinition] = []
        var fragments: [String: FragmentDefinition] = [:]
        for definition in document.definitions {
            if let operation = definition as? OperationDefinition { operations.append(operation) }
            if let fragment = definition as? FragmentDefinition { fragments[fragment.name.value] = fragment }
        }
        let chosen: OperationDefinition
        if let operationName {
            guard let named = operations.first(where: { $0.name?.value == operationName }) else {
                return .failure(
                    OperationErrors([GraphQLError(message: "Unknown operation named \"\(operationName)\".")]))
            }
            chosen = named
        } else {
            guard operations.count == 1, let only = operations.first else {
                return .failure(
                    OperationErrors([
                        GraphQLError(message: "Must provide operation name if query contains multiple operations.")
                    ]))
            }
            chosen = only
        }
        let values: JSONObject?
        switch variables {
        case nil, .null?: values = nil
        case .object(let object)?: values = object
        case let other?:
            return .failure(
                OperationErrors([
                    GraphQLError(message: "Variables must be provided as an object, not \(other.typeName).")
                ]))
        }
        guard checksVariables else {
            return .success(
                PreparedOperation(operation: chosen, fragments: fragments, variables: values?.dictionary ?? [:]))
        }
        switch VariableCoercion(index: model.index).coerce(chosen.variableDefinitions, values: values) {
        case .success(let coerced):
            return .success(PreparedOperation(operation: chosen, fragments: fragments, variables: coerced))
        case .failure(let errors):
            return .failure(errors)
        }
    }
}

/// The errors that stop an operation before it runs.
struct OperationErrors: Error {
    let errors: [GraphQLError]
    init(_ errors: [GraphQLError]) { self.errors = errors }
}
