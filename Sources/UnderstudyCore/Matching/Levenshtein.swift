/// Edit distance over UTF-8 bytes, normalised by the longer length as WireMock does.
public enum Levenshtein {
    /// 0 for equal strings, 1 for nothing in common.
    public static func normalizedDistance(_ a: String, _ b: String) -> Double {
        if a == b { return 0 }
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        let longest = max(x.count, y.count)
        guard longest > 0 else { return 0 }
        return Double(distance(x, y)) / Double(longest)
    }

    /// The edit distance, or `limit + 1` as soon as it is known to exceed `limit`.
    public static func distance(_ x: [UInt8], _ y: [UInt8], limit: Int = .max) -> Int {
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        if abs(x.count - y.count) > limit { return limit + 1 }
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            var rowMinimum = i
            let xi = x[i - 1]
            for j in 1...y.count {
                let substitution = previous[j - 1] + (xi == y[j - 1] ? 0 : 1)
                let value = min(substitution, previous[j] + 1, current[j - 1] + 1)
                current[j] = value
                if value < rowMinimum { rowMinimum = value }
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[y.count]
    }
}
