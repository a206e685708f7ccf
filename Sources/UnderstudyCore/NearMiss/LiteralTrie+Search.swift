extension LiteralTrie {
    /// Finds the literals close to `pattern` (a request URL or path of 1 to 64 bytes), nearest
    /// edit counts first, and calls `visit` with each one's exact edit distance.
    ///
    /// The walk goes in passes of growing edit cut-offs (iterative deepening), so the closest
    /// literals are seen first and the caller's ranking tightens before the far ones come up.
    /// Each node gets a lower bound on the edits of every literal below it (first the distance so
    /// far less the bytes still to come, and the length difference; then, when that passes,
    /// ``crossingBound(_:depth:patternLength:minRemaining:maxRemaining:absent:cutoff:)``); a subtree is
    /// skipped when a bound is over the pass's cut-off or when `mayRank` says no literal with that
    /// many edits could still rank. Literals never visited are exactly those `mayRank` ruled out.
    ///
    /// - Parameters:
    ///   - mayRank: given a number of edits, the longer of the two lengths, the largest stub
    ///     weight and the earliest match-order place that could go with them, whether a stub might
    ///     still make the ranking. It must only ever turn from true to false as the ranking fills.
    ///   - visit: a literal's id and its exact edit distance from `pattern`; called once per
    ///     literal at most.
    func search(
        _ pattern: BitParallelLevenshtein, patternLength m: Int,
        mayRank: (_ edits: Int, _ longest: Int, _ weight: Double, _ minRank: Int) -> Bool,
        visit: (_ literal: Int, _ edits: Int) -> Void
    ) {
        let root = nodes[0]
        let longestOverall = max(m, Int(root.maxLength))
        // No edit distance exceeds the longer length.
        let maxEdits = longestOverall
        var columns = [BitParallelLevenshtein.Column](repeating: pattern.start, count: maxDepth + 1)
        // Literals with at most `done` edits have been visited.
        var done = -1
        while done < maxEdits, mayRank(done + 1, longestOverall, root.maxWeight, Int(root.minRank)) {
            var reach = done + 1
            while reach < maxEdits && mayRank(reach + 1, longestOverall, root.maxWeight, Int(root.minRank)) {
                reach += 1
            }
            // While anything could still rank, grow the cut-off one edit at a time, so the
            // nearest literals fill the ranking before a wider pass starts (doubling it walked
            // nearly all of a 10,000-literal trie for a request one edit away); once the ranking
            // limits it, go straight there.
            let cutoff = reach == maxEdits ? min(maxEdits, done + 1) : reach
            if root.literal >= 0 && m > done && m <= cutoff { visit(Int(root.literal), m) }
            var index = 1
            while index < nodes.count {
                let node = nodes[index]
                let depth = Int(node.depth)
                var column = columns[depth - 1]
                pattern.advance(&column, by: node.byte)
                columns[depth] = column
                let toCome = Int(node.maxLength) - depth
                let bound = max(column.score - toCome, m - Int(node.maxLength), Int(node.minLength) - m, 0)
                let longest = max(m, Int(node.maxLength))
                let minRank = Int(node.minRank)
                if bound > cutoff || !mayRank(bound, longest, node.maxWeight, minRank) {
                    index = Int(node.end)
                    continue
                }
                var crossing = Self.crossingBound(
                    column, depth: depth, patternLength: m, minRemaining: Int(node.minLength) - depth,
                    maxRemaining: toCome, absent: 0, cutoff: cutoff)
                if crossing <= cutoff && mayRank(crossing, longest, node.maxWeight, minRank) {
                    // Through on lengths: the pattern bytes nothing below holds may still rule it out.
                    let absent = pattern.positions(notIn: node.below)
                    if absent != 0 {
                        crossing = Self.crossingBound(
                            column, depth: depth, patternLength: m, minRemaining: Int(node.minLength) - depth,
                            maxRemaining: toCome, absent: absent, cutoff: cutoff)
                    }
                }
                if crossing > bound && (crossing > cutoff || !mayRank(crossing, longest, node.maxWeight, minRank)) {
                    index = Int(node.end)
                    continue
                }
                // Through on edits: the share of the length, length by length, may still rule it out.
                let weight = node.maxWeight
                if let share = Self.leastShare(
                    column, depth: depth, patternLength: m, minRemaining: Int(node.minLength) - depth,
                    maxRemaining: toCome, absent: pattern.positions(notIn: node.below),
                    mayRank: { mayRank($0, $1, weight, minRank) }),
                    !mayRank(share.edits, share.longest, weight, minRank)
                {
                    index = Int(node.end)
                    continue
                }
                if node.literal >= 0 && column.score > done && column.score <= cutoff {
                    visit(Int(node.literal), column.score)
                }
                index += 1
            }
            done = cutoff
        }
    }
}
