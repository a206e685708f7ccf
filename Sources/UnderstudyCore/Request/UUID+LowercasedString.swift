import Foundation

extension UUID {
    /// The canonical lower-case text (`8c5db8b0-2db4-…`), written directly from the bytes:
    /// `uuidString` formats through `sprintf` and is paid on every matched response
    /// (`Matched-Stub-Id`) and every serve event.
    public var lowercasedString: String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { buffer in
                var out = 0
                for (i, byte) in bytes.enumerated() {
                    if i == 4 || i == 6 || i == 8 || i == 10 {
                        buffer[out] = UInt8(ascii: "-")
                        out += 1
                    }
                    buffer[out] = digits[Int(byte >> 4)]
                    buffer[out + 1] = digits[Int(byte & 0x0F)]
                    out += 2
                }
                return out
            }
        }
    }
}
