/// Input that would crash swift-corelibs-foundation's `XMLParser` on Linux (a `strlen` of the NULL
/// that libxml2 passes for an absent value), found by fuzzing: a processing instruction without
/// data (`<?a?>`), and `<!ATTLIST …>` and `<!NOTATION …>` declarations, which may lack a default
/// value or an identifier. Such documents are refused before a parser sees them; a crash here
/// would take the whole server down with it.
enum XMLCrashGuard {
    /// Why `text` cannot be handed to `XMLParser`, or nil when it can.
    static func refusal(_ text: Substring) -> String? {
        if text.contains("<!ATTLIST") || text.contains("<!NOTATION") {
            return "XML documents with <!ATTLIST or <!NOTATION declarations are not accepted."
        }
        if hasInstructionWithoutData(Array(text.utf8)) {
            return "XML processing instructions without data (such as <?name?>) are not accepted."
        }
        return nil
    }

    /// `<?` then a target name then `?>` at once: libxml2 reports such an instruction's data as NULL.
    static func hasInstructionWithoutData(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index + 1 < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") else { continue }
            var end = index + 2
            while end < bytes.count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: "?") { end += 1 }
            if end > index + 2, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"),
                bytes[end + 1] == UInt8(ascii: ">")
            {
                return true
            }
        }
        return false
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
