import NIOCore

extension RequestFramingScanner {
    /// What the scanner makes of a byte stream arriving in the given reads, flushed at the end
    /// as a close would: how its tests and the HTTP fuzz target check that framing does not
    /// depend on where the reads split.
    static func output(of reads: [[UInt8]], maxHeadBytes: Int) -> [UInt8] {
        var scanner = RequestFramingScanner(maxHeadBytes: maxHeadBytes)
        var output = ByteBuffer()
        for read in reads {
            var input = ByteBuffer(bytes: read)
            scanner.scan(&input, into: &output)
        }
        scanner.flush(into: &output)
        return Array(output.readableBytesView)
    }
}
