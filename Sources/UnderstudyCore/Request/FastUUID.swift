import Foundation
import Synchronization

/// Unique version-4-shaped ids without a system call each: Foundation's `UUID()` reads the
/// system's random source on Linux (about 4 µs), which would dominate matching a request.
/// A random per-process prefix and a counter keep ids unique within the process and unlikely
/// to collide across processes.
public enum FastUUID {
    private static let prefix: (UInt64, UInt64) = {
        var generator = SystemRandomNumberGenerator()
        return (generator.next(), generator.next())
    }()
    private static let counter = Atomic<UInt64>(0)

    /// A new id, unique within this process.
    public static func next() -> UUID {
        let n = counter.wrappingAdd(1, ordering: .relaxed).newValue
        // Version 4 in byte 6, RFC 4122 variant in byte 8.
        let high = (prefix.0 & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        let low = ((prefix.1 &+ n) & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        return UUID(
            uuid: (
                UInt8(truncatingIfNeeded: high >> 56), UInt8(truncatingIfNeeded: high >> 48),
                UInt8(truncatingIfNeeded: high >> 40), UInt8(truncatingIfNeeded: high >> 32),
                UInt8(truncatingIfNeeded: high >> 24), UInt8(truncatingIfNeeded: high >> 16),
                UInt8(truncatingIfNeeded: high >> 8), UInt8(truncatingIfNeeded: high),
                UInt8(truncatingIfNeeded: low >> 56), UInt8(truncatingIfNeeded: low >> 48),
                UInt8(truncatingIfNeeded: low >> 40), UInt8(truncatingIfNeeded: low >> 32),
                UInt8(truncatingIfNeeded: low >> 24), UInt8(truncatingIfNeeded: low >> 16),
                UInt8(truncatingIfNeeded: low >> 8), UInt8(truncatingIfNeeded: low)
            ))
    }
}
