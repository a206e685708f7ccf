/// The inside of a tag: `helper param key=value as |x|`, literals, paths and subexpressions.
extension TemplateParser {
    enum Terminator { case tag, paren }

    /// A call as read, before deciding whether it is a helper call or a plain path.
    struct ParsedCall {
        var head: TemplateExpression
        /// The head's text when it is a simple name that could be a helper.
        var helperName: String?
        var headText: String
        var params: [TemplateExpression] = []
        var hash: [(key: String, value: TemplateExpression)] = []
        var blockParams: [String] = []
        var position: TemplatePosition
        var hasArguments: Bool { !params.isEmpty || !hash.isEmpty }
    }

    // MARK: - Bytes

    func peek(_ ahead: Int = 0) -> UInt8? {
        index + ahead < bytes.count ? bytes[index + ahead] : nil
    }

    func matches(_ text: String) -> Bool {
        var i = index
        for byte in text.utf8 {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
        }
        return true
    }

    /// `word` followed by something that cannot continue an identifier.
    func matchesWord(_ word: String) -> Bool {
        guard matches(word) else { return false }
        let after = index + word.utf8.count
        return after >= bytes.count || !Self.isIdentifierByte(bytes[after])
    }

    mutating func skipSpaces() {
        while let byte = peek(), Self.isSpace(byte) { index += 1 }
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C
    }

    /// Handlebars' ID: anything but whitespace and `!"#%&'()*+,./;<=>@[\]^`{|}~`.
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        if isSpace(byte) { return false }
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ";"), UInt8(ascii: "<"),
            UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "@"), UInt8(ascii: "["), UInt8(ascii: "\\"),
            UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"),
            UInt8(ascii: "}"), UInt8(ascii: "~"):
            return false
        default:
            return true
        }
    }

    func isDelimiter(_ byte: UInt8?) -> Bool {
        guard let byte else { return true }
        return Self.isSpace(byte) || byte == UInt8(ascii: "}") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "~")
            || byte == UInt8(ascii: "|") || byte == UInt8(ascii: "=")
    }

    mutating func readIdentifier() -> String {
        let start = index
        while let byte = peek(), Self.isIdentifierByte(byte) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// The name in a close tag, as written (`each`, `with`, `a.b`).
    mutating func readIdentifierText() -> String {
        let start = index
        while let byte = peek(), !Self.isSpace(byte), byte != UInt8(ascii: "}"), byte != UInt8(ascii: "~") {
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    // MARK: - Calls

    /// The expression of an output tag: a helper call, or a path or literal.
    mutating func parseTagExpression(at tagStart: Int) throws(RenderFailure) -> TemplateExpression {
        skipSpaces()
        let parsed = try parseCallParts(terminatedBy: .tag)
        guard parsed.blockParams.isEmpty else { throw failure("block parameters belong on a block", at: tagStart) }
        return try expression(from: parsed)
    }

    /// The call that opens a block. A block on a plain path is a Mustache section.
    mutating func parseCall(terminatedBy terminator: Terminator) throws(RenderFailure) -> (HelperCallSyntax?, [String])
    {
        skipSpaces()
        let parsed = try parseCallParts(terminatedBy: terminator)
        if let name = parsed.helperName, TemplateHelpers.isHelper(name) {
            return (
                HelperCallSyntax.resolved(
                    name: name, params: parsed.params, hash: parsed.hash, position: parsed.position), parsed.blockParams
            )
        }
        if parsed.hasArguments {
            throw RenderFailure(message: "could not find helper: '\(parsed.headText)'", position: parsed.position)
        }
        let section = HelperCallSyntax(
            name: parsed.headText, params: [parsed.head], hash: [], position: parsed.position, isSection: true)
        return (section, parsed.blockParams)
    }

    func expression(from parsed: ParsedCall) throws(RenderFailure) -> TemplateExpression {
        if let name = parsed.helperName, TemplateHelpers.isHelper(name) {
            return .call(
                HelperCallSyntax.resolved(
                    name: name, params: parsed.params, hash: parsed.hash, position: parsed.position))
        }
        if parsed.hasArguments {
            throw RenderFailure(message: "could not find helper: '\(parsed.headText)'", position: parsed.position)
        }
        return parsed.head
    }

    mutating func parseCallParts(terminatedBy terminator: Terminator) throws(RenderFailure) -> ParsedCall {
        let headStart = index
        let position = self.position(headStart)
        if peek() == UInt8(ascii: "(") { throw failure("a tag cannot start with a subexpression", at: headStart) }
        let head = try parsePrimary()
        let headText = String(decoding: bytes[headStart..<index], as: UTF8.self)
        var helperName: String?
        if case .path(let path, _) = head, path.parentDepth == 0, !path.isData, !path.isThis, path.segments.count == 1,
            bytes[headStart] != UInt8(ascii: "[")
        {
            helperName = path.segments[0]
        }
        var call = ParsedCall(head: head, helperName: helperName, headText: headText, position: position)
        while true {
            skipSpaces()
            guard let byte = peek() else {
                throw failure("found end of template, expected: '\(terminator == .tag ? "}}" : ")")'", at: index)
            }
            if terminator == .paren, byte == UInt8(ascii: ")") { return call }
            if terminator == .tag,
                byte == UInt8(ascii: "}") || (byte == UInt8(ascii: "~") && peek(1) == UInt8(ascii: "}"))
            {
                return call
            }
            if matchesWord("as"), let bar = nextNonSpace(after: index + 2), bytes[bar] == UInt8(ascii: "|") {
                index = bar + 1
                call.blockParams = try parseBlockParams()
                continue
            }
            if let key = hashKeyAhead() {
                index += key.utf8.count + 1
                skipSpaces()
                call.hash.append((key, try parsePrimary()))
                continue
            }
            call.params.append(try parsePrimary())
        }
    }

    private func nextNonSpace(after start: Int) -> Int? {
        var i = start
        while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
        return i < bytes.count ? i : nil
    }

    /// `key=` at the cursor: the key, without consuming it.
    func hashKeyAhead() -> String? {
        var i = index
        while i < bytes.count, Self.isIdentifierByte(bytes[i]) { i += 1 }
        guard i > index, i < bytes.count, bytes[i] == UInt8(ascii: "=") else { return nil }
        return String(decoding: bytes[index..<i], as: UTF8.self)
    }

    private mutating func parseBlockParams() throws(RenderFailure) -> [String] {
        var names: [String] = []
        while true {
            skipSpaces()
            if peek() == UInt8(ascii: "|") {
                index += 1
                guard !names.isEmpty else { throw failure("empty block parameters", at: index - 1) }
                return names
            }
            let name = readIdentifier()
            guard !name.isEmpty else { throw failure("expected a block parameter name or '|'", at: index) }
            names.append(name)
        }
    }

    // MARK: - Primaries

    mutating func parsePrimary() throws(RenderFailure) -> TemplateExpression {
        let start = index
        guard let byte = peek() else { throw failure("found end of template, expected: an expression", at: index) }
        switch byte {
        case UInt8(ascii: "("):
            index += 1
            skipSpaces()
            let parsed = try parseCallParts(terminatedBy: .paren)
            index += 1
            guard let name = parsed.helperName, TemplateHelpers.isHelper(name) else {
                throw RenderFailure(message: "could not find helper: '\(parsed.headText)'", position: parsed.position)
            }
            return .call(
                HelperCallSyntax.resolved(
                    name: name, params: parsed.params, hash: parsed.hash, position: parsed.position))
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            return .literal(.string(try parseString()))
        default:
            break
        }
        if let number = numberAhead() { return .literal(number) }
        for (word, literal) in [
            ("true", TemplateLiteral.bool(true)), ("false", .bool(false)), ("null", .null), ("undefined", .null)
        ]
        where matchesWord(word) && isDelimiter(peek(word.utf8.count)) {
            index += word.utf8.count
            return .literal(literal)
        }
        let path = try parsePath()
        guard isDelimiter(peek()) else {
            throw failure(
                "found '\(String(decoding: [peek() ?? 0], as: UTF8.self))', expected: a space, '}}' or ')'", at: index)
        }
        return .path(path, position(start))
    }

    private mutating func parseString() throws(RenderFailure) -> String {
        let start = index
        let quote = bytes[index]
        index += 1
        var result: [UInt8] = []
        while let byte = peek() {
            index += 1
            if byte == UInt8(ascii: "\\"), peek() == quote {
                result.append(quote)
                index += 1
            } else if byte == quote {
                return String(decoding: result, as: UTF8.self)
            } else {
                result.append(byte)
            }
        }
        throw failure("a string is not closed", at: start)
    }

    /// `-?[0-9]+(\.[0-9]+)?` ending at a delimiter, consumed when it is one.
    private mutating func numberAhead() -> TemplateLiteral? {
        var i = index
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let digitsStart = i
        while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
        guard i > digitsStart else { return nil }
        var isDecimal = false
        if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "."),
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i + 1])
        {
            isDecimal = true
            i += 1
            while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
        }
        guard isDelimiter(i < bytes.count ? bytes[i] : nil) else { return nil }
        let text = String(decoding: bytes[index..<i], as: UTF8.self)
        let literal: TemplateLiteral
        if !isDecimal, let int = Int(text) {
            literal = .int(int)
        } else if let double = Double(text) {
            literal = .double(double)
        } else {
            return nil
        }
        index = i
        return literal
    }

    private mutating func parsePath() throws(RenderFailure) -> TemplatePath {
        var path = TemplatePath(parentDepth: 0, isData: false, isThis: false, segments: [])
        if peek() == UInt8(ascii: "@") {
            path.isData = true
            index += 1
        }
        while matches("../") {
            path.parentDepth += 1
            index += 3
        }
        if matches("./") {
            path.isThis = true
            index += 2
        } else if peek() == UInt8(ascii: "."), isDelimiter(peek(1)) {
            path.isThis = true
            index += 1
            return path
        } else if matches(".."), isDelimiter(peek(2)) {
            path.parentDepth += 1
            index += 2
            return path
        }
        var first = true
        while true {
            let segmentStart = index
            let (segment, bracketed) = try parseSegment()
            if first, !bracketed, !path.isData, segment == "this" {
                path.isThis = true
            } else {
                path.segments.append(segment)
            }
            first = false
            guard let byte = peek(), byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/") else { break }
            index += 1
            if isDelimiter(peek()) {
                throw failure("expected a name after '\(String(UnicodeScalar(byte)))'", at: segmentStart)
            }
        }
        return path
    }

    private mutating func parseSegment() throws(RenderFailure) -> (String, Bool) {
        if peek() == UInt8(ascii: "[") {
            let start = index
            index += 1
            let nameStart = index
            while let byte = peek(), byte != UInt8(ascii: "]") { index += 1 }
            guard peek() == UInt8(ascii: "]") else { throw failure("'[' without a closing ']'", at: start) }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            index += 1
            return (name, true)
        }
        let name = readIdentifier()
        guard !name.isEmpty else {
            let found = peek().map { "'\(String(decoding: [$0], as: UTF8.self))'" } ?? "end of template"
            throw failure("found \(found), expected: an expression", at: index)
        }
        return (name, false)
    }
}
