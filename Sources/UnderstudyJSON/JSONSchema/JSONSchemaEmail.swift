/// The `email` format's rule: one `@`, not first, with something after it, and no whitespace.
/// ASCII text (nearly every address) is checked byte by byte; other text by characters, where
/// Unicode decides what is whitespace.
package enum JSONSchemaEmail {
    package static func accepts(_ text: String) -> Bool {
        if let answer = text.utf8.withContiguousStorageIfAvailable(ascii) ?? ascii(Array(text.utf8)[...]) {
            return answer
        }
        return byCharacters(text)
    }

    /// The rule by bytes, or nil when `bytes` are not all ASCII.
    private static func ascii<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool? {
        var at: Int?
        var offset = 0
        for byte in bytes {
            // Tab, line feed, vertical tab, form feed, carriage return, space: ASCII's whitespace.
            if byte >= 0x80 { return nil }
            if byte == 0x20 || (0x09...0x0D).contains(byte) { return false }
            if byte == UInt8(ascii: "@") {
                if at != nil { return false }
                at = offset
            }
            offset += 1
        }
        guard let at else { return false }
        return at != 0 && at != offset - 1
    }

    /// The rule by characters, as it always was; the reference the byte check must agree with.
    package static func byCharacters(_ text: String) -> Bool {
        guard let at = text.firstIndex(of: "@") else { return false }
        let domain = text[text.index(after: at)...]
        return at != text.startIndex && !domain.isEmpty && !domain.contains("@")
            && !text.contains(where: \.isWhitespace)
    }
}
