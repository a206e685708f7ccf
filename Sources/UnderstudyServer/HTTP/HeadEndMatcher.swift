/// Follows a byte stream for CR LF CR LF, the blank line that ends a request head, one byte at a
/// time without looking back.
struct HeadEndMatcher {
    /// How many bytes of CR LF CR LF the bytes so far end with (4: found).
    private(set) var matched = 0

    var isComplete: Bool { matched == 4 }

    mutating func advance(_ byte: UInt8) {
        switch (matched, byte) {
        case (0, 13), (2, 13): matched += 1
        case (1, 10), (3, 10): matched += 1
        case (_, 13): matched = 1
        default: matched = 0
        }
    }
}
