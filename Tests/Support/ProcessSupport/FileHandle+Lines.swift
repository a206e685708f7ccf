import Foundation

extension FileHandle {
    /// The next line (without its newline; what is left at the end of input), read on a
    /// Dispatch thread because the read blocks.
    public func nextLine() async -> String {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var line = Data()
                while true {
                    let byte = self.readData(ofLength: 1)
                    if byte.isEmpty || byte.first == UInt8(ascii: "\n") { break }
                    line.append(byte)
                }
                continuation.resume(returning: String(decoding: line, as: UTF8.self))
            }
        }
    }

    /// Everything up to the end of input, read on a Dispatch thread because the read blocks.
    public func remainingText() async -> String {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: String(decoding: self.readDataToEndOfFile(), as: UTF8.self))
            }
        }
    }
}
