import GraphQL
import Synchronization
import UnderstudyCore
import UnderstudyJSON

/// What became of one operation, kept as JSON so that it can be cached and shared.
enum OperationOutcome: Sendable {
    case data(JSONValue)
    /// Refused by validation: the errors as answered, and each as a violation.
    case invalid(errors: [JSONValue], reasons: [String])
    /// A mutation sent with GET.
    case refusedOverGET
    /// Valid, but not something a mock answers with data (a persisted query it has not seen, a
    /// subscription over HTTP).
    case unanswerable(JSONValue)

    static func invalid(_ errors: [GraphQLError]) -> OperationOutcome {
        .invalid(
            errors: errors.map { GraphQLErrors.json($0) },
            reasons: errors.map { error in
                GraphQLErrors.shortMessage(error) + (error.locations.first.map { " (\($0.line):\($0.column))" } ?? "")
            })
    }

    var isInvalid: Bool {
        if case .invalid = self { return true }
        return false
    }

    var refusesGET: Bool {
        if case .refusedOverGET = self { return true }
        return false
    }

    var violations: [ContractViolation] {
        guard case .invalid(_, let reasons) = self else { return [] }
        return reasons.map {
            ContractViolation(side: .request, location: "operation", specPath: "GraphQL schema", reason: $0)
        }
    }

    /// The operation's result object.
    var json: JSONValue {
        switch self {
        case .data(let data): .object(["data": data])
        case .invalid(let errors, _): .object(["errors": .array(errors)])
        case .refusedOverGET: .object(["errors": [GraphQLErrors.json(message: "Only queries can be sent with GET.")]])
        case .unanswerable(let error): .object(["errors": [error]])
        }
    }
}

/// Outcomes by request, bounded: when full it starts again, which a test's handful of
/// operations never reaches.
final class OutcomeCache: Sendable {
    /// What decides an outcome: no operation name and an empty one are told apart.
    struct Key: Hashable, Sendable {
        var overGET: Bool
        var query: String
        var operationName: String?
        var variables: String?
    }

    static let limit = 1_000
    private let entries = Mutex<[Key: OperationOutcome]>([:])

    func value(for key: Key, _ make: () -> OperationOutcome) -> OperationOutcome {
        if let found = entries.withLock({ $0[key] }) { return found }
        let made = make()
        entries.withLock {
            if $0.count >= Self.limit { $0.removeAll(keepingCapacity: true) }
            $0[key] = made
        }
        return made
    }
}
