import NIOCore

extension RequestFramingScanner {
    /// What the scanner makes of a byte stream arriving in the given reads, flushed at the end
    /// as a close would: how its tests and the HTTP fuzz target check that framing does not
    /// depend on where the reads split.
    static func output(of reads: [[UInt8]], maxHeadBytes: Int) -> [UInt8] {
        scanned(reads, maxHeadBytes: maxHeadBytes).bytes
    }

    /// The bytes passed on, and what was taken out of each head.
    static func scanned(_ reads: [[UInt8]], maxHeadBytes: Int) -> (bytes: [UInt8], setAside: [SetAsideHead?]) {
        let heads = SetAsideHeads()
        var scanner = RequestFramingScanner(maxHeadBytes: maxHeadBytes, setAside: heads)
        var output = ByteBuffer()
        for read in reads {
            var input = ByteBuffer(bytes: read)
            scanner.scan(&input, into: &output)
        }
        scanner.flush(into: &output)
        return (Array(output.readableBytesView), heads.drain())
    }
}
