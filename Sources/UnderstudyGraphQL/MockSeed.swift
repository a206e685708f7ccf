/// The numbers mock values are made from: FNV-1a over the query, its variables and the path to
/// the value, so the same request is answered the same way every time, and the same field in
/// another place or under other variables differently.
struct MockSeed: Sendable {
    let base: UInt64

    init(_ parts: [String]) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts { hash = Self.mix(hash, part) }
        base = hash
    }

    /// The number for the value at `path`.
    func at(_ path: String) -> UInt64 {
        // A final avalanche, so paths that differ in their last character spread out.
        var hash = Self.mix(base, path)
        hash ^= hash >> 33
        hash &*= 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        return hash
    }

    private static func mix(_ start: UInt64, _ text: String) -> UInt64 {
        var hash = start
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        hash ^= 0xff
        hash &*= 0x100_0000_01b3
        return hash
    }
}
