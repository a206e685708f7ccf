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
    /// Rows whose part already exceeds `cutoff` are not read, so the answer is exact up to
    /// `cutoff + 1` and is never above the true bound.
    @inline(__always)
    static func crossingBound(
        _ column: BitParallelLevenshtein.Column, depth: Int, patternLength m: Int,
        minRemaining: Int, maxRemaining: Int, cutoff: Int
    ) -> Int {
        // A row i costs at least |i - depth| to reach and |(m - i) - remaining| to leave.
        let low = max(0, depth - cutoff, m - maxRemaining - cutoff)
        let high = min(m, depth + cutoff, m - minRemaining + cutoff)
        var best = cutoff + 1
        guard low <= high else { return best }
        for row in low...high {
            let left = m - row
            let leave = max(0, left - maxRemaining, minRemaining - left)
            best = min(best, column.score(row: row, depth: depth) + leave)
        }
        return best
    }
}
