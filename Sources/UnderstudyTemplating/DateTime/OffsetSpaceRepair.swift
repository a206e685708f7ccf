/// Puts back a `+` that URL decoding turned into a space before an offset.
///
/// `?date=2021-06-24T13:40:27+01:00` sent without encoding the `+` arrives as
/// `2021-06-24T13:40:27 01:00`. WireMock retries a failed zoned parse with the first space that
/// follows a time (`mm:ss`, optional `:ss` and fraction) and precedes two digits turned back
/// into `+`; so does Understudy.
enum OffsetSpaceRepair {
    static func repaired(_ bytes: [UInt8]) -> [UInt8]? {
        var index = 0
        while index < bytes.count {
            if let spaceIndex = spaceAfterTime(startingAt: index, in: bytes) {
                var copy = bytes
                copy[spaceIndex] = UInt8(ascii: "+")
                return copy
            }
            index += 1
        }
        return nil
    }

    /// If `[0-5]d:[0-5]d(:[0-5]d)?(.d+)? [0-2]d` starts at `start`, the index of its space.
    private static func spaceAfterTime(startingAt start: Int, in bytes: [UInt8]) -> Int? {
        var index = start
        func sixtyPair() -> Bool {
            guard index + 1 < bytes.count, (0x30...0x35).contains(bytes[index]),
                DateTextScanner.digitValue(bytes[index + 1]) != nil
            else { return false }
            index += 2
            return true
        }
        func colon() -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
            index += 1
            return true
        }
        guard sixtyPair(), colon(), sixtyPair() else { return nil }
        let beforeSeconds = index
        if !(colon() && sixtyPair()) { index = beforeSeconds }
        if index < bytes.count, bytes[index] == UInt8(ascii: "."),
            index + 1 < bytes.count, DateTextScanner.digitValue(bytes[index + 1]) != nil
        {
            index += 1
            while index < bytes.count, DateTextScanner.digitValue(bytes[index]) != nil { index += 1 }
        }
        guard index + 2 < bytes.count, bytes[index] == UInt8(ascii: " "),
            (0x30...0x32).contains(bytes[index + 1]), DateTextScanner.digitValue(bytes[index + 2]) != nil
        else { return nil }
        return index
    }
}
