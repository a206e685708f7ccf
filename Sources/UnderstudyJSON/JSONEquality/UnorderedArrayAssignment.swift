/// Pairs expected array elements with distinct actual elements when array order is ignored: a bipartite
/// matching, not a greedy one, so `[{"a":1,"b":"${json-unit.ignore}"}, {"a":1}]` still matches
/// `[{"a":1}, {"a":1,"b":2}]` under `ignoreExtraElements`.
///
/// Literal scalars are paired by counting equal values (linear time), and so are placeholder-free containers
/// when extra elements are not ignored (bucketed by `JSONCanonicalHash`); equal actual elements are
/// interchangeable for every pattern, so this never spoils the rest of the matching. What is left is
/// paired with augmenting paths (Kuhn's algorithm), trying the same position and the
/// mirrored position first so arrays in the same or reversed order pair up in linear time. A cap on pair
/// comparisons bounds hostile inputs; past it the unpaired elements count as missing.
struct UnorderedArrayAssignment {
    /// Pair comparisons allowed for one array before the search gives up.
    static let comparisonLimit = 1_000_000

    /// For each expected index, the actual index it is paired with, or -1.
    private(set) var actualForExpected: [Int]
    /// For each actual index, the expected index paired with it, or -1.
    private(set) var expectedForActual: [Int]
    /// Whether every expected element found a partner.
    private(set) var isComplete = true

    init(expected: JSONEqualityArray, actual: [JSONValue], options: JSONEqualityOptions, stopAtFirstMiss: Bool) {
        actualForExpected = Array(repeating: -1, count: expected.elements.count)
        expectedForActual = Array(repeating: -1, count: actual.count)
        pairScalars(expected, actual)
        if !isComplete && stopAtFirstMiss { return }
        pairLiteralContainers(expected, actual, options)
        if !isComplete && stopAtFirstMiss { return }
        pairOthers(expected, actual, options, stopAtFirstMiss: stopAtFirstMiss)
    }

    private mutating func pairScalars(_ expected: JSONEqualityArray, _ actual: [JSONValue]) {
        guard !expected.scalarIndices.isEmpty else { return }
        var waiting = expected.scalarIndices
        for (actualIndex, value) in actual.enumerated() {
            switch value {
            case .array, .object: continue
            case .null, .bool, .number, .string:
                if let expectedIndex = waiting[value]?.popLast() {
                    actualForExpected[expectedIndex] = actualIndex
                    expectedForActual[actualIndex] = expectedIndex
                }
            }
        }
        for indices in waiting.values where !indices.isEmpty {
            isComplete = false
            return
        }
    }

    /// Placeholder-free containers under exact, order-free comparison: an actual element goes to the first
    /// waiting expected element in its hash bucket that it really equals. Equal elements are interchangeable,
    /// so taking the first never spoils the search that follows.
    private mutating func pairLiteralContainers(
        _ expected: JSONEqualityArray, _ actual: [JSONValue], _ options: JSONEqualityOptions
    ) {
        guard !expected.literalContainerIndices.isEmpty else { return }
        var waiting = expected.literalContainerIndices
        for (actualIndex, value) in actual.enumerated() where expectedForActual[actualIndex] == -1 {
            switch value {
            case .null, .bool, .number, .string: continue
            case .array, .object:
                let hash = JSONCanonicalHash.of(value, ignoringArrayOrder: true)
                guard let candidates = waiting[hash],
                    let position = candidates.lastIndex(where: { expected.elements[$0].matches(value, options) })
                else { continue }
                let expectedIndex = candidates[position]
                waiting[hash]?.remove(at: position)
                actualForExpected[expectedIndex] = actualIndex
                expectedForActual[actualIndex] = expectedIndex
            }
        }
        for indices in waiting.values where !indices.isEmpty {
            isComplete = false
            return
        }
    }

    private mutating func pairOthers(
        _ expected: JSONEqualityArray, _ actual: [JSONValue], _ options: JSONEqualityOptions, stopAtFirstMiss: Bool
    ) {
        let others = expected.otherIndices
        guard !others.isEmpty else { return }
        let free = actual.indices.filter { expectedForActual[$0] == -1 }
        guard !free.isEmpty else {
            isComplete = false
            return
        }
        var search = AugmentingPathSearch(
            expected: expected.elements, others: others, actual: actual, free: free, options: options)
        for position in others.indices where !search.augment(from: position) {
            isComplete = false
            if stopAtFirstMiss { return }
        }
        for (slot, owner) in search.ownerOfSlot.enumerated() where owner != -1 {
            let actualIndex = free[slot]
            let expectedIndex = others[owner]
            actualForExpected[expectedIndex] = actualIndex
            expectedForActual[actualIndex] = expectedIndex
        }
    }
}

/// Kuhn's augmenting-path search over "other" expected elements (by position in `others`) and free actual
/// elements (by slot in `free`), iterative so long paths cannot overflow the stack.
private struct AugmentingPathSearch {
    let expected: [JSONEqualityNode]
    let others: [Int]
    let actual: [JSONValue]
    let free: [Int]
    let options: JSONEqualityOptions

    /// For each slot, the position in `others` that owns it, or -1.
    var ownerOfSlot: [Int]
    private var visitedStamp: [Int]
    private var stamp = 0
    private var comparisons = 0

    init(expected: [JSONEqualityNode], others: [Int], actual: [JSONValue], free: [Int], options: JSONEqualityOptions) {
        self.expected = expected
        self.others = others
        self.actual = actual
        self.free = free
        self.options = options
        ownerOfSlot = Array(repeating: -1, count: free.count)
        visitedStamp = Array(repeating: -1, count: free.count)
    }

    /// The n-th slot to try for `position`: its own slot, then the mirrored slot, then the rest in a ring.
    private func slot(_ step: Int, for position: Int) -> Int {
        let count = free.count
        let home = position % count
        let mirror = (count - 1 - position % count + count) % count
        switch step {
        case 0: return home
        case 1: return mirror
        default: return (home + step - 1) % count
        }
    }

    private mutating func compatible(_ position: Int, _ slot: Int) -> Bool {
        comparisons += 1
        return expected[others[position]].matches(actual[free[slot]], options)
    }

    /// Tries to give `start` a slot, moving earlier owners along an augmenting path if needed.
    mutating func augment(from start: Int) -> Bool {
        stamp += 1
        // Each frame: the position looking for a slot, the next step to try, and the slot it is trying.
        var frames: [(position: Int, step: Int, slot: Int)] = [(start, 0, -1)]
        // Ring steps run 2...count, so a position tries count + 1 steps (home and mirror may repeat a slot).
        let steps = free.count + 1
        while let top = frames.last {
            if comparisons >= UnorderedArrayAssignment.comparisonLimit { return false }
            if top.step >= steps {
                frames.removeLast()
                continue
            }
            let candidate = slot(top.step, for: top.position)
            frames[frames.count - 1].step += 1
            guard visitedStamp[candidate] != stamp else { continue }
            guard compatible(top.position, candidate) else { continue }
            visitedStamp[candidate] = stamp
            frames[frames.count - 1].slot = candidate
            let owner = ownerOfSlot[candidate]
            if owner == -1 {
                for frame in frames { ownerOfSlot[frame.slot] = frame.position }
                return true
            }
            frames.append((owner, 0, -1))
        }
        return false
    }
}
