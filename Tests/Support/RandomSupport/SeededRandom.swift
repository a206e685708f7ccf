/// SplitMix64: a tiny, fast generator whose whole sequence follows from its seed, so a corpus
/// failure can be reproduced from the seed (and index) printed with it. Shared by every test
/// target that builds random corpora.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// One of `choices`, which must not be empty.
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int.random(in: 0..<choices.count, using: &self)]
    }

    /// True `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &self) < percent
    }

    /// `count` bytes, each from `range`.
    public mutating func bytes(_ count: Int, from range: ClosedRange<UInt8> = 0...255) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: range, using: &self) }
    }
}
