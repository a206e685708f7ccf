import Foundation

/// A compiled JSONPath: where it starts and the steps to take. Built once by `JSONPathParser`;
/// evaluation walks it and never looks at the source text again.
struct CompiledPath: Sendable {
    enum Origin: Sendable {
        /// `$`: the document root.
        case root
        /// `@`: the node a filter is testing.
        case current
    }

    let origin: Origin
    let steps: [PathStep]

    /// Jayway rewrites `$..x.fn()` as `fn($..x)`: the function then sees every scanned value
    /// at once (so `$..price.sum()` is one total) and the whole path becomes definite.
    let aggregatesScan: Bool

    /// True when the path can name at most one node, as Jayway decides it.
    let isDefinite: Bool

    init(origin: Origin, steps: [PathStep]) {
        self.origin = origin
        self.steps = steps
        // Worked out once here: filters evaluate their paths once per array element.
        if case .scan? = steps.first, case .function? = steps.last {
            aggregatesScan = true
        } else {
            aggregatesScan = false
        }
        isDefinite = aggregatesScan || steps.allSatisfy(\.isDefinite)
    }
}

/// One step of a path.
enum PathStep: Sendable {
    /// `.name`, `[...]`: applied to each current node.
    case select(Selector)
    /// `..name`, `..*`, `..[...]`: applied to each current node and every node below it.
    case scan(Selector)
    /// `.length()` and friends, which must end the path.
    case function(JSONPathFunction)

    var isDefinite: Bool {
        switch self {
        case .select(let selector): return selector.isDefinite
        case .scan: return false
        case .function: return true
        }
    }
}

/// What a step picks out of one node.
enum Selector: Sendable {
    /// One or more member names. With several names, each present member is a result.
    case names([String])
    /// Several names on the last step: Jayway merges the present members into one new object.
    case mergedNames([String])
    /// One or more array indices; negative ones count from the end.
    case indices([Int])
    /// `[start:end]`, end exclusive, either side optional, negatives count from the end.
    case slice(start: Int?, end: Int?)
    /// `*`: every member value or array element.
    case wildcard
    /// `[?(...)]`
    case filter(FilterExpression)

    var isDefinite: Bool {
        switch self {
        case .names(let names): return names.count == 1
        case .mergedNames: return true
        case .indices(let indices): return indices.count == 1
        case .slice, .wildcard, .filter: return false
        }
    }
}

/// The boolean expression inside `[?( )]`.
indirect enum FilterExpression: Sendable {
    case and([FilterExpression])
    case or([FilterExpression])
    case not(FilterExpression)
    /// `@.isbn` on its own: the path exists (for an indefinite path: finds something).
    case exists(CompiledPath)
    case compare(FilterOperand, RelationalOperator, FilterOperand)
}

/// One side of a comparison.
enum FilterOperand: Sendable {
    case path(CompiledPath)
    case literal(JSONValue)
    case regex(JSONPathRegex)
}

/// The comparison operators Jayway's filters understand (the ones supported here).
enum RelationalOperator: String, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case strictEqual = "==="
    case strictNotEqual = "!=="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case regex = "=~"
    case `in` = "in"
    case notIn = "nin"
    case subsetOf = "subsetof"
    case anyOf = "anyof"
    case noneOf = "noneof"
    case size = "size"
    case empty = "empty"
    case contains = "contains"
    case all = "all"
}
