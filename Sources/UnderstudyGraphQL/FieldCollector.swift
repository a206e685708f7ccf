import GraphQL
import UnderstudyJSON

/// The spec's CollectFields: the fields a selection asks of an object of one type, by response
/// key in order, through fragment spreads and inline fragments whose type applies, leaving out
/// what `@skip` and `@include` say to.
struct FieldCollector {
    /// What to do with `@skip` and `@include`.
    enum Conditions {
        /// Evaluate them with the operation's variables (executing).
        case evaluate
        /// Take every conditional selection (what data may have, in a stub checked with no
        /// variables).
        case includeAll
        /// Leave out every conditional selection (what data must have).
        case excludeAll
    }

    let index: SchemaIndex
    let prepared: PreparedOperation
    var conditions = Conditions.evaluate

    func collect(_ sets: [SelectionSet], on type: String) -> [(key: String, fields: [Field])] {
        var keys: [String] = []
        var fields: [String: [Field]] = [:]
        var visited: Set<String> = []
        func walk(_ set: SelectionSet) {
            for selection in set.selections {
                switch selection {
                case let field as Field:
                    guard included(field.directives) else { continue }
                    let key = field.alias?.value ?? field.name.value
                    if fields[key] == nil { keys.append(key) }
                    fields[key, default: []].append(field)
                case let spread as FragmentSpread:
                    guard included(spread.directives), visited.insert(spread.name.value).inserted,
                        let fragment = prepared.fragments[spread.name.value],
                        index.applies(fragment.typeCondition.name.value, to: type)
                    else { continue }
                    walk(fragment.selectionSet)
                case let inline as InlineFragment:
                    guard included(inline.directives) else { continue }
                    if let condition = inline.typeCondition, !index.applies(condition.name.value, to: type) { continue }
                    walk(inline.selectionSet)
                default:
                    continue
                }
            }
        }
        for set in sets { walk(set) }
        return keys.map { ($0, fields[$0] ?? []) }
    }

    private func included(_ directives: [Directive]) -> Bool {
        let conditional = directives.contains { $0.name.value == "skip" || $0.name.value == "include" }
        switch conditions {
        case .evaluate: break
        case .includeAll: return true
        case .excludeAll: return !conditional
        }
        for directive in directives {
            let condition =
                directive.arguments.first { $0.name.value == "if" }
                .map { LiteralValue.json($0.value, variables: prepared.variables).boolValue ?? false } ?? false
            if directive.name.value == "skip", condition { return false }
            if directive.name.value == "include", !condition { return false }
        }
        return true
    }
}
