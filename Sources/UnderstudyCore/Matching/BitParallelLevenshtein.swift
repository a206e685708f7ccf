/// Edit distance from one fixed string to many others, using Myers' bit-vector algorithm
/// (Hyyrö's global-distance form): one pass of a few word operations per character instead
/// of a full table. Used for near misses, where one request URL is compared with every stub.
/// Falls back to the table algorithm when the fixed string is longer than 64 bytes.
final class BitParallelLevenshtein: Sendable {
    private let pattern: [UInt8]
    /// For each byte value, the bits of the positions where it occurs in the pattern.
    private let peq: [UInt64]
    /// The pattern's bytes as a set, 127 standing for every non-ASCII one (only when ``fitsOneWord``).
    private let bytes: LiteralTrie.ByteSet
    /// The positions of the pattern's bytes from 127 up.
    private let nonASCII: UInt64

    init(_ text: String) {
        pattern = Array(text.utf8)
        var table = [UInt64](repeating: 0, count: 256)
        if pattern.count <= 64 {
            for (i, byte) in pattern.enumerated() { table[Int(byte)] |= 1 << UInt64(i) }
        }
        peq = table
        var bytes = LiteralTrie.ByteSet()
        for byte in pattern where pattern.count <= 64 { bytes.insert(byte) }
        self.bytes = bytes
        nonASCII = table[127...].reduce(0, |)
    }

    /// The positions (bits) of the pattern's bytes that `other` does not hold (only when
    /// ``fitsOneWord``). Near the root of a trie every byte is below, and that costs two ANDs.
    @inline(__always)
    func positions(notIn other: LiteralTrie.ByteSet) -> UInt64 {
        let missing = bytes.subtracting(other)
        guard !missing.isEmpty else { return 0 }
        var absent: UInt64 = 0
        var low = missing.low
        while low != 0 {
            absent |= peq[low.trailingZeroBitCount]
            low &= low &- 1
        }
        var high = missing.high
        while high != 0 {
            let byte = 64 + high.trailingZeroBitCount
            absent |= byte == 127 ? nonASCII : peq[byte]
            high &= high &- 1
        }
        return absent
    }

    /// Normalised distance in [0, 1], as WireMock computes it (edits / longer length).
    func normalizedDistance(to other: String) -> Double {
        let otherCount = other.utf8.count
        let longest = max(pattern.count, otherCount)
        guard longest > 0 else { return 0 }
        return Double(distance(to: other)) / Double(longest)
    }

    func distance(to other: String) -> Int {
        if pattern.isEmpty { return other.utf8.count }
        guard pattern.count <= 64 else { return Levenshtein.distance(pattern, Array(other.utf8)) }
        if let result = other.utf8.withContiguousStorageIfAvailable({ distance(bytes: $0) }) { return result }
        return Array(other.utf8).withUnsafeBufferPointer { distance(bytes: $0) }
    }

    private func distance(bytes text: UnsafeBufferPointer<UInt8>) -> Int {
        var column = start
        for byte in text { advance(&column, by: byte) }
        return column.score
    }

    /// Where the search stands after some bytes of the other string: the distance so far and the
    /// vertical differences of the column, enough to take the next byte. A trie walk keeps one per
    /// depth, so a prefix shared by many strings is read once.
    struct Column {
        var positive: UInt64
        var negative: UInt64
        /// The edit distance from the pattern to the bytes taken so far.
        var score: Int
    }

    /// True when the column algorithm applies: a pattern of 1 to 64 bytes.
    var fitsOneWord: Bool { (1...64).contains(pattern.count) }

    /// The column before any byte of the other string (only when ``fitsOneWord``).
    var start: Column {
        let m = pattern.count
        return Column(positive: m == 64 ? .max : (1 << UInt64(m)) - 1, negative: 0, score: m)
    }

    /// Takes one more byte of the other string (only when ``fitsOneWord``).
    @inline(__always)
    func advance(_ column: inout Column, by byte: UInt8) {
        let m = pattern.count
        let last: UInt64 = 1 << UInt64(m - 1)
        let mask: UInt64 = m == 64 ? .max : (1 << UInt64(m)) - 1
        let pv = column.positive
        let mv = column.negative
        let eq = peq[Int(byte)]
        let xv = eq | mv
        let xh = (((eq & pv) &+ pv) ^ pv) | eq
        var ph = mv | ~(xh | pv)
        var mh = pv & xh
        if ph & last != 0 { column.score += 1 } else if mh & last != 0 { column.score -= 1 }
        // Row zero grows by one per column in the global distance, hence the 1 shifted in.
        ph = (ph << 1) | 1
        mh = mh << 1
        column.positive = (mh | ~(xv | ph)) & mask
        column.negative = ph & xv & mask
    }
}
