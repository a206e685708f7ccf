extension TemplateParser {
    /// After `{{>`: the partial's name (bare, quoted, or a subexpression), then an optional
    /// context and hash arguments. A bare name runs to the next space, so it may hold `/` and `.`.
    mutating func parsePartial(at tagStart: Int) throws(RenderFailure) -> TemplatePartialCall {
        index += 1
        skipSpaces()
        let position = self.position(index)
        let name: TemplateExpression
        switch peek() {
        case UInt8(ascii: "("), UInt8(ascii: "'"), UInt8(ascii: "\""):
            name = try parsePrimary()
        default:
            let start = index
            while let byte = peek(), !Self.isSpace(byte), byte != UInt8(ascii: "}"),
                !(byte == UInt8(ascii: "~") && peek(1) == UInt8(ascii: "}"))
            {
                index += 1
            }
            guard index > start else { throw failure("expected a partial name after '>'", at: index) }
            name = .literal(.string(String(decoding: bytes[start..<index], as: UTF8.self)))
        }
        var call = TemplatePartialCall(name: name, context: nil, hash: [], position: position)
        while true {
            skipSpaces()
            if atClose() || peek() == nil { break }
            if let key = hashKeyAhead() {
                index += key.utf8.count + 1
                skipSpaces()
                call.hash.append((key, try parsePrimary()))
            } else if call.context == nil, call.hash.isEmpty {
                call.context = try parsePrimary()
            } else {
                throw failure("a partial takes one context and then hash arguments", at: index)
            }
        }
        try expectClose(triple: false)
        return call
    }
}
