import Foundation
import GraphQL
import UnderstudyCore
import UnderstudyJSON

/// A GraphQL schema as a stub engine's contract (`StubEngine.contract`), for one endpoint
/// (`/graphql` unless told): every operation sent there is parsed and validated against the
/// schema first, and one that a real server would refuse (an unknown field, an argument of the
/// wrong type, a variable missing) is answered with GraphQL `errors` with their locations,
/// whatever the stubs say. A valid operation goes to the stubs; when none matches, it is
/// answered with data made up from the schema's types, introspection included.
///
/// What it does not do: it does not run resolvers, so arguments do not filter or page what it
/// makes up (only an `id` argument is echoed by the object's `id`); it does not check a
/// persisted query's hash against its text; and it does not answer subscriptions over HTTP
/// (stub them as messages over `graphql-transport-ws`).
public struct GraphQLSchemaContract: ContractChecker {
    /// The schema.
    public let model: GraphQLSchemaModel
    /// The path of the GraphQL endpoint.
    public let path: String
    let introspection: Introspection
    /// Each operation's outcome by what decides it, as a server caches validated documents:
    /// parsing and validating take hundreds of microseconds, a lookup well under one.
    let outcomes = OutcomeCache()

    /// A contract for `model` at `path`; its introspection is computed here, once.
    public static func make(_ model: GraphQLSchemaModel, path: String = "/graphql") async throws(GraphQLSchemaError)
        -> GraphQLSchemaContract
    {
        do {
            let introspection = try await Introspection.make(model.schema)
            return GraphQLSchemaContract(model: model, path: path, introspection: introspection)
        } catch let error as GraphQLSchemaError {
            throw error
        } catch {
            throw GraphQLSchemaError(file: nil, reason: "introspection failed: \(error)")
        }
    }

    /// Checks an operation sent to the endpoint. Anything else is left alone.
    public func checkRequest(_ request: LoggedRequest) -> ContractRequestCheck {
        guard request.path == path else { return .unchecked }
        let format = GraphQLAnswerFormat(request)
        guard request.method == "GET" || request.method == "POST" else {
            return rejection(
                format.requestError("GraphQL is served with GET and POST, not \(request.method).", status: 405),
                allow: "GET, POST")
        }
        let (operations, isBatch) = UnderstudyCore.GraphQLRequest.operations(in: request)
        guard !operations.isEmpty else {
            return rejection(
                format.requestError(
                    "No GraphQL operation in the request: send a JSON body {\"query\": …}, or ?query= with GET.",
                    status: 400))
        }
        let outcomes = operations.map { outcome($0, method: request.method) }
        let violations = outcomes.flatMap { $0.violations }
        if outcomes.contains(where: { $0.refusesGET }) {
            return rejection(
                format.requestError("Only queries can be sent with GET; send mutations with POST.", status: 405),
                allow: "POST", violations: violations)
        }
        guard outcomes.contains(where: { $0.isInvalid }) else {
            return ContractRequestCheck(operation: ContractOperationID(0), violations: violations)
        }
        return ContractRequestCheck(
            operation: ContractOperationID(0), violations: violations,
            rejection: format.answer(outcomes.map { $0.json }, isBatch: isBatch, invalid: true))
    }

    /// The answer for valid operations no stub matched: data made up from the schema.
    public func answer(_ request: LoggedRequest, operation: ContractOperationID) -> ContractAnswer {
        let (operations, isBatch) = UnderstudyCore.GraphQLRequest.operations(in: request)
        let outcomes = operations.map { outcome($0, method: request.method) }
        return GraphQLAnswerFormat(request).answer(outcomes.map { $0.json }, isBatch: isBatch, invalid: false)
    }

    /// Stubbed answers are checked against the schema by `check --graphql-schema`, not per response.
    public func checkResponse(_ response: LoggedResponse, operation: ContractOperationID) -> [ContractViolation] { [] }

    /// One operation's fate: its data, or its errors.
    func outcome(_ operation: UnderstudyCore.GraphQLRequest, method: String) -> OperationOutcome {
        guard let query = operation.query else { return work(operation, method: method) }
        let key = OutcomeCache.Key(
            overGET: method == "GET", query: query, operationName: operation.operationName,
            variables: operation.variables.map(VariableCoercion.text))
        return outcomes.value(for: key) { work(operation, method: method) }
    }

    private func work(_ operation: UnderstudyCore.GraphQLRequest, method: String) -> OperationOutcome {
        guard let query = operation.query else {
            // Automatic persisted queries: the client sends the full query once it hears this.
            return .unanswerable(
                GraphQLErrors.json(message: "PersistedQueryNotFound", code: "PERSISTED_QUERY_NOT_FOUND"))
        }
        switch PreparedOperation.prepare(
            query: query, operationName: operation.operationName, variables: operation.variables, model: model)
        {
        case .failure(let failure):
            return .invalid(failure.errors)
        case .success(let prepared):
            switch prepared.operation.operation {
            case .mutation where method == "GET":
                return .refusedOverGET
            case .subscription:
                return .unanswerable(
                    GraphQLErrors.json(
                        message:
                            "Subscriptions are not answered over HTTP: stub them as messages over the graphql-transport-ws WebSocket protocol."
                    ))
            default:
                let variables = prepared.variables.sorted { $0.key < $1.key }
                    .map { JSONObject.Member(key: $0.key, value: $0.value) }
                let seed = MockSeed([
                    query, operation.operationName ?? "", VariableCoercion.text(.object(JSONObject(variables)))
                ])
                let data = MockExecutor(
                    index: model.index, prepared: prepared, introspection: introspection, seed: seed
                ).run()
                return .data(data)
            }
        }
    }

    private func rejection(
        _ answer: ContractAnswer, allow: String? = nil, violations: [ContractViolation] = []
    ) -> ContractRequestCheck {
        var answer = answer
        if let allow { answer.headers.set("Allow", allow) }
        let reason = (try? JSONParser.parse(answer.body))?["errors"]?[0]?["message"]?.stringValue ?? "refused"
        let all = violations.isEmpty ? [violation(reason)] : violations
        return ContractRequestCheck(operation: nil, violations: all, rejection: answer)
    }

    func violation(_ reason: String) -> ContractViolation {
        ContractViolation(side: .request, location: "operation", specPath: "GraphQL schema at \(path)", reason: reason)
    }
}
