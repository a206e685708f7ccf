extension BitParallelLevenshtein.Column {
    /// The edit distance from the first `row` bytes of the pattern to the `depth` bytes taken so
    /// far: row zero is `depth`, and each set bit below `row` adds or takes away one.
    @inline(__always)
    func score(row: Int, depth: Int) -> Int {
        let below: UInt64 = row >= 64 ? .max : (1 << UInt64(row)) &- 1
        return depth + (positive & below).nonzeroBitCount - (negative & below).nonzeroBitCount
    }
}

extension LiteralTrie {
    /// A lower bound on the edits from a pattern of `m` bytes to every literal below a node whose
    /// column is `column`: an alignment of such a literal crosses the column at some row `i`, having
    /// spent `column.score(row: i)` edits, and must still turn the `m - i` pattern bytes left into
    /// the node's remaining `minRemaining...maxRemaining` literal bytes, one edit per byte of
    /// difference. The plain bound (the score less the bytes to come) assumes every byte to come
    /// takes an edit back, which lets almost every `/items/N` subtree through for `/items/12345`.
    ///
    /// The pattern bytes left that no literal below has anywhere in its remaining bytes (`absent`,
    /// as bits by position) each cost an edit too, whatever the lengths: that is what bounds a
    /// request far from every literal (`/no/such/thing` against `/items/N`), where lengths alone
    /// let every subtree through.
    ///
    /// Rows whose part already exceeds `cutoff` are not read, so the answer is exact up to
    /// `cutoff + 1` and is never above the true bound.
    @inline(__always)
    static func crossingBound(
        _ column: BitParallelLevenshtein.Column, depth: Int, patternLength m: Int,
        minRemaining: Int, maxRemaining: Int, absent: UInt64, cutoff: Int
    ) -> Int {
        // A row i costs at least |i - depth| to reach and |(m - i) - remaining| to leave.
        let low = max(0, depth - cutoff, m - maxRemaining - cutoff)
        let high = min(m, depth + cutoff, m - minRemaining + cutoff)
        var best = cutoff + 1
        guard low <= high else { return best }
        for row in low...high {
            let unmatched = row >= 64 ? 0 : (absent >> UInt64(row)).nonzeroBitCount
            let leave = leave(m - row, unmatched: unmatched, minRemaining: minRemaining, maxRemaining: maxRemaining)
            best = min(best, column.score(row: row, depth: depth) + leave)
        }
        return best
    }

    /// The fewest edits that turn `left` pattern bytes, `unmatched` of which no literal byte below
    /// can match, into `remaining` literal bytes: the longer side's bytes, less the pairs that can
    /// match (at most the pattern's matchable bytes, at most the literal's).
    @inline(__always)
    static func leave(_ left: Int, unmatched: Int, remaining: Int) -> Int {
        max(left, remaining) - min(left - unmatched, remaining)
    }

    /// ``leave(_:unmatched:remaining:)`` at its least over `minRemaining...maxRemaining`.
    @inline(__always)
    static func leave(_ left: Int, unmatched: Int, minRemaining: Int, maxRemaining: Int) -> Int {
        if maxRemaining < left - unmatched { return left - maxRemaining }
        if minRemaining > left { return minRemaining - left + unmatched }
        return unmatched
    }

    /// The edits and longer length with the least share (edits over the longer of the pattern's
    /// and the literal's lengths) that any literal below can have, trying each length the literals
    /// below may have: a bound on edits alone divides by the longest length there, which lets a
    /// subtree of long literals through when only its short ones come close (`/nothing` against
    /// `/items/N`: 7 edits from `/items/1`, 10 from `/items/1234`, and a bound of 7 over 11).
    /// Nil when the lengths below span more than `maximumSpan` (the search then keeps the edits
    /// bound), or when the shortest length already leaves room to rank (`mayRank` says so).
    static func leastShare(
        _ column: BitParallelLevenshtein.Column, depth: Int, patternLength m: Int,
        minRemaining: Int, maxRemaining: Int, absent: UInt64,
        mayRank: (_ edits: Int, _ longest: Int) -> Bool
    ) -> (edits: Int, longest: Int)? {
        guard maxRemaining - minRemaining <= maximumSpan else { return nil }
        var best: (edits: Int, longest: Int)?
        let middle = min(depth, m)
        for remaining in minRemaining...maxRemaining {
            var edits = Int.max
            func cross(_ row: Int) {
                let unmatched = row >= 64 ? 0 : (absent >> UInt64(row)).nonzeroBitCount
                let cost =
                    column.score(row: row, depth: depth) + leave(m - row, unmatched: unmatched, remaining: remaining)
                edits = min(edits, cost)
            }
            // Outward from the diagonal: reaching row i costs at least |i - depth|, so once that
            // is no less than the best crossing, rows further out cannot beat it.
            for row in stride(from: middle, through: 0, by: -1) {
                if depth - row >= edits { break }
                cross(row)
            }
            for row in stride(from: middle + 1, through: m, by: 1) {
                if row - depth >= edits { break }
                cross(row)
            }
            let longest = max(m, depth + remaining)
            if remaining == minRemaining && mayRank(edits, longest) { return nil }
            if let known = best, known.edits * longest <= edits * known.longest { continue }
            best = (edits, longest)
        }
        return best
    }

    /// The widest span of literal lengths below a node that ``leastShare`` tries one by one.
    static let maximumSpan = 16
}
