// Why a parser of our own: WireMock templates are Handlebars (helpers with parameters and hash
// arguments, subexpressions, `{{else if}}` chains, `as |x|` block parameters, `~` whitespace
// control, `@index`/`@key` data), and the one template package in the mirror
// (hummingbird-project/swift-mustache) implements Mustache, which has none of these. The subset
// WireMock users write is small enough to parse here, once, into the AST in TemplateSyntax.swift.

/// Parses Handlebars source into nodes. Positions are kept for error messages.
struct TemplateParser {
    let source: String
    let bytes: [UInt8]
    var index = 0
    /// Set by `~}}`: the next text loses its leading whitespace.
    var stripNextText = false
    private var lineStarts: [Int] = [0]

    /// An open `{{#block}}` (or an `{{else if}}` link of a chain) waiting for its close tag.
    struct OpenBlock {
        var call: HelperCallSyntax
        var blockParams: [String]
        var isInverted: Bool
        var body: [TemplateNode] = []
        var inverse: [TemplateNode]?
        /// True for the implicit blocks an `{{else if …}}` opens; they close with their parent.
        var isChainLink: Bool
    }

    private var open: [OpenBlock] = []
    private var root: [TemplateNode] = []

    init(_ source: String) {
        self.source = source
        self.bytes = Array(source.utf8)
        for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(i + 1) }
    }

    static func parse(_ source: String) throws(TemplateError) -> [TemplateNode] {
        var parser = TemplateParser(source)
        do {
            return try parser.parseAll()
        } catch {
            throw TemplateError(error.message, at: error.position, in: source)
        }
    }

    /// Line and column of a byte offset.
    func position(_ offset: Int) -> TemplatePosition {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        let start = lineStarts[low]
        let column = String(decoding: bytes[start..<min(offset, bytes.count)], as: UTF8.self).count
        return TemplatePosition(line: low + 1, column: column, offset: offset)
    }

    func failure(_ message: String, at offset: Int) -> RenderFailure {
        RenderFailure(message: message, position: position(offset))
    }

    private mutating func parseAll() throws(RenderFailure) -> [TemplateNode] {
        while index < bytes.count {
            guard let open = findOpen(from: index) else {
                appendText(index, bytes.count)
                index = bytes.count
                break
            }
            // `\{{` writes `{{` literally.
            if open > index, bytes[open - 1] == UInt8(ascii: "\\") {
                appendText(index, open - 1)
                appendLiteral("{{")
                index = open + 2
                continue
            }
            appendText(index, open)
            index = open
            try parseTag()
        }
        if let unclosed = open.last(where: { !$0.isChainLink }) {
            throw RenderFailure(
                message: "found end of template, expected: '{{/\(unclosed.call.name)}}'",
                position: unclosed.call.position)
        }
        return root
    }

    private func findOpen(from start: Int) -> Int? {
        var i = start
        while i + 1 < bytes.count {
            if bytes[i] == UInt8(ascii: "{") && bytes[i + 1] == UInt8(ascii: "{") { return i }
            i += 1
        }
        return nil
    }

    // MARK: - Output lists

    mutating func append(_ node: TemplateNode) {
        if open.isEmpty {
            root.append(node)
        } else if open[open.count - 1].inverse != nil {
            open[open.count - 1].inverse?.append(node)
        } else {
            open[open.count - 1].body.append(node)
        }
    }

    private mutating func appendText(_ start: Int, _ end: Int) {
        guard start < end else { return }
        var text = Substring(String(decoding: bytes[start..<end], as: UTF8.self))
        if stripNextText {
            text = text.drop { $0.isWhitespace }
            stripNextText = false
        }
        if !text.isEmpty { appendLiteral(String(text)) }
    }

    private mutating func appendLiteral(_ text: String) {
        stripNextText = false
        append(.text(text))
    }

    /// `{{~`: removes trailing whitespace from the text just before the tag.
    private mutating func stripPrecedingText() {
        func strip(_ nodes: inout [TemplateNode]) {
            guard case .text(let text)? = nodes.last else { return }
            var trimmed = Substring(text)
            while let last = trimmed.last, last.isWhitespace { trimmed.removeLast() }
            if trimmed.isEmpty { nodes.removeLast() } else { nodes[nodes.count - 1] = .text(String(trimmed)) }
        }
        if open.isEmpty {
            strip(&root)
        } else if open[open.count - 1].inverse != nil {
            var list = open[open.count - 1].inverse ?? []
            strip(&list)
            open[open.count - 1].inverse = list
        } else {
            strip(&open[open.count - 1].body)
        }
    }

    // MARK: - Tags

    private mutating func parseTag() throws(RenderFailure) {
        let tagStart = index
        index += 2
        let isTriple = peek() == UInt8(ascii: "{")
        if isTriple { index += 1 }
        if peek() == UInt8(ascii: "~") {
            index += 1
            stripPrecedingText()
        }
        if isTriple {
            let expression = try parseTagExpression(at: tagStart)
            try expectClose(triple: true)
            append(.output(expression, escaped: false))
            return
        }
        switch peek() {
        case UInt8(ascii: "!"):
            try skipComment(from: tagStart)
        case UInt8(ascii: "#"):
            index += 1
            if peek() == UInt8(ascii: ">") || peek() == UInt8(ascii: "*") {
                throw failure("partial blocks and decorators are not supported", at: index)
            }
            try openBlock(inverted: false, at: tagStart)
        case UInt8(ascii: "^"):
            index += 1
            skipSpaces()
            if atClose() {
                try expectClose(triple: false)
                try startInverse(at: tagStart)
            } else {
                try openBlock(inverted: true, at: tagStart)
            }
        case UInt8(ascii: "/"):
            index += 1
            try closeBlock(at: tagStart)
        case UInt8(ascii: "&"):
            index += 1
            let expression = try parseTagExpression(at: tagStart)
            try expectClose(triple: false)
            append(.output(expression, escaped: false))
        case UInt8(ascii: ">"):
            append(.partial(try parsePartial(at: tagStart)))
        default:
            skipSpaces()
            if matchesWord("else") {
                let elseStart = index
                index += 4
                skipSpaces()
                if atClose() {
                    try expectClose(triple: false)
                    try startInverse(at: tagStart)
                } else {
                    try startElseChain(at: elseStart)
                }
                return
            }
            let expression = try parseTagExpression(at: tagStart)
            try expectClose(triple: false)
            append(.output(expression, escaped: true))
        }
    }

    /// `{{! … }}` or `{{!-- … --}}` (which may contain `}}`), with `~` before the close honoured.
    private mutating func skipComment(from tagStart: Int) throws(RenderFailure) {
        index += 1
        let long = matches("--")
        let bodyStart = index + (long ? 2 : 0)
        var i = bodyStart
        while i + 1 < bytes.count {
            if bytes[i] == UInt8(ascii: "}"), bytes[i + 1] == UInt8(ascii: "}") {
                var before = i
                let strip = before > bodyStart && bytes[before - 1] == UInt8(ascii: "~")
                if strip { before -= 1 }
                if !long
                    || (before - 2 >= bodyStart && bytes[before - 2] == UInt8(ascii: "-")
                        && bytes[before - 1] == UInt8(ascii: "-"))
                {
                    index = i + 2
                    if strip { stripNextText = true }
                    return
                }
            }
            i += 1
        }
        throw failure("found end of template, expected: '\(long ? "--}}" : "}}")'", at: tagStart)
    }

    private mutating func openBlock(inverted: Bool, at tagStart: Int) throws(RenderFailure) {
        skipSpaces()
        let nameStart = index
        let (call, blockParams) = try parseCall(terminatedBy: .tag)
        guard let call else { throw failure("a block needs a helper or a path", at: nameStart) }
        try expectClose(triple: false)
        open.append(OpenBlock(call: call, blockParams: blockParams, isInverted: inverted, isChainLink: false))
        _ = tagStart
    }

    private mutating func startInverse(at tagStart: Int) throws(RenderFailure) {
        guard !open.isEmpty else { throw failure("{{else}} outside a block", at: tagStart) }
        guard open[open.count - 1].inverse == nil else {
            throw failure("a block can have only one {{else}}", at: tagStart)
        }
        open[open.count - 1].inverse = []
    }

    /// `{{else if cond}}`: the rest of the parent block becomes an implicit nested block.
    private mutating func startElseChain(at start: Int) throws(RenderFailure) {
        try startInverse(at: start)
        let (call, blockParams) = try parseCall(terminatedBy: .tag)
        guard let call else { throw failure("expected a helper after 'else'", at: start) }
        try expectClose(triple: false)
        open.append(OpenBlock(call: call, blockParams: blockParams, isInverted: false, isChainLink: true))
    }

    private mutating func closeBlock(at tagStart: Int) throws(RenderFailure) {
        skipSpaces()
        let nameStart = index
        let name = readIdentifierText()
        skipSpaces()
        try expectClose(triple: false)
        while let last = open.last, last.isChainLink {
            open.removeLast()
            append(.block(Self.finish(last)))
        }
        guard let block = open.popLast() else {
            throw failure("found '{{/\(name)}}' without an open block", at: nameStart)
        }
        guard block.call.name == name else {
            throw failure("found '\(name)', expected: '\(block.call.name)'", at: nameStart)
        }
        append(.block(Self.finish(block)))
        _ = tagStart
    }

    private static func finish(_ block: OpenBlock) -> TemplateBlock {
        TemplateBlock(
            call: block.call, blockParams: block.blockParams, body: block.body, inverse: block.inverse,
            isInverted: block.isInverted)
    }

    /// `}}` or `~}}` (or `}}}` for a triple-stash), after optional spaces.
    mutating func expectClose(triple: Bool) throws(RenderFailure) {
        skipSpaces()
        if peek() == UInt8(ascii: "~") {
            index += 1
            stripNextText = true
        }
        let closing = triple ? "}}}" : "}}"
        guard matches(closing) else {
            let found =
                index < bytes.count
                ? "'\(String(decoding: bytes[index..<min(bytes.count, index + 1)], as: UTF8.self))'" : "end of template"
            throw failure("found \(found), expected: '\(closing)'", at: index)
        }
        index += closing.utf8.count
    }

    func atClose() -> Bool {
        matches("}}") || matches("~}}")
    }
}
