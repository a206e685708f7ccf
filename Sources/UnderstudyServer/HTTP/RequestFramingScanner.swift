import NIOCore

/// Follows HTTP/1.1 request framing over a byte stream (heads, fixed-length and chunked bodies,
/// trailers) just far enough to take out of each head what NIO's decoder would refuse or act on
/// (``SetAsideHead``); hands anything it does not understand to NIO's decoder unchanged, which
/// then reports the error properly.
struct RequestFramingScanner {
    private enum State {
        case head
        case fixedBody(remaining: Int)
        case chunkSizeLine
        case chunkData(remaining: Int)
        case chunkDataEnd(remaining: Int)
        case trailers
        /// Framing we cannot follow (CONNECT, malformed): stop interfering.
        case passthrough
    }

    private var state = State.head
    /// The head or line being collected.
    private var line: [UInt8] = []
    /// How much of the head's closing CR LF CR LF `line` ends with.
    private var headEnd = HeadEndMatcher()
    /// Where each scanned head's entry goes: what was taken out of it, or nil.
    let setAside: SetAsideHeads
    let maxHeadBytes: Int

    init(maxHeadBytes: Int, setAside: SetAsideHeads = SetAsideHeads()) {
        self.maxHeadBytes = maxHeadBytes
        self.setAside = setAside
    }

    mutating func scan(_ input: inout ByteBuffer, into output: inout ByteBuffer) {
        while input.readableBytes > 0 {
            switch state {
            case .passthrough:
                output.writeBuffer(&input)
            case .fixedBody(let remaining):
                pass(remaining, from: &input, to: &output) { state = $0 == 0 ? .head : .fixedBody(remaining: $0) }
            case .chunkData(let remaining):
                pass(remaining, from: &input, to: &output) {
                    state = $0 == 0 ? .chunkDataEnd(remaining: 2) : .chunkData(remaining: $0)
                }
            case .chunkDataEnd(let remaining):
                pass(remaining, from: &input, to: &output) {
                    state = $0 == 0 ? .chunkSizeLine : .chunkDataEnd(remaining: $0)
                }
            case .head:
                scanHead(&input, into: &output)
            case .chunkSizeLine, .trailers:
                scanLine(&input, into: &output)
            }
        }
    }

    /// Whatever is held back goes out as it is.
    mutating func flush(into output: inout ByteBuffer) {
        output.writeBytes(line)
        line = []
        headEnd = HeadEndMatcher()
        state = .passthrough
    }

    private func pass(_ count: Int, from input: inout ByteBuffer, to output: inout ByteBuffer, then next: (Int) -> Void)
    {
        let n = min(count, input.readableBytes)
        if var slice = input.readSlice(length: n) { output.writeBuffer(&slice) }
        next(count - n)
    }

    private mutating func scanHead(_ input: inout ByteBuffer, into output: inout ByteBuffer) {
        if line.isEmpty {
            // Blank lines before a request line are allowed; pass them on.
            let blank = input.readableBytesView.prefix { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }.count
            if blank > 0, var slice = input.readSlice(length: blank) { output.writeBuffer(&slice) }
            guard input.readableBytes > 0 else { return }
        }
        // Look for the blank line that ends the head over the whole read at once: a byte at a
        // time through ByteBuffer was the server's biggest cost for large or trickled heads.
        let room = maxHeadBytes + 1 - line.count
        let wholeHeadHere = line.isEmpty
        let (taken, complete, plainBodyLength) = input.withUnsafeReadableBytes { bytes -> (Int, Bool, Int?) in
            for index in 0..<bytes.count {
                headEnd.advance(bytes[index])
                if headEnd.isComplete {
                    // A head that arrived in one read and needs no rewrite goes on as it is.
                    let plain =
                        wholeHeadHere
                        ? PlainHeadFraming.bodyLength(of: UnsafeRawBufferPointer(rebasing: bytes[0...index])) : nil
                    return (index + 1, true, plain)
                }
                if index + 1 >= room { return (index + 1, false, nil) }
            }
            return (bytes.count, false, nil)
        }
        if let length = plainBodyLength, var head = input.readSlice(length: taken) {
            output.writeBuffer(&head)
            setAside.append(nil)
            headEnd = HeadEndMatcher()
            state = length == 0 ? .head : .fixedBody(remaining: length)
            return
        }
        line += input.readBytes(length: taken) ?? []
        if complete {
            let head = HeadRewrite(line)
            output.writeBytes(head.bytes)
            setAside.append(head.setAside)
            line = []
            headEnd = HeadEndMatcher()
            state = head.next
        } else if line.count > maxHeadBytes {
            flush(into: &output)
        }
    }

    private mutating func scanLine(_ input: inout ByteBuffer, into output: inout ByteBuffer) {
        while let byte = input.readInteger(as: UInt8.self) {
            output.writeInteger(byte)
            line.append(byte)
            guard byte == UInt8(ascii: "\n") else {
                if line.count > 8 * 1024 {
                    line = []
                    state = .passthrough
                    return
                }
                continue
            }
            let text = line.dropLast(line.count >= 2 && line[line.count - 2] == 13 ? 2 : 1)
            line = []
            if case .trailers = state {
                if text.isEmpty { state = .head }
                return
            }
            let sizeText = text.prefix {
                $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t")
            }
            guard !sizeText.isEmpty, sizeText.count <= 15,
                let size = Int(String(decoding: sizeText, as: UTF8.self), radix: 16)
            else {
                state = .passthrough
                return
            }
            state = size == 0 ? .trailers : .chunkData(remaining: size)
            return
        }
    }

    /// One request head: its bytes without what NIO's decoder (llhttp) would refuse or act on
    /// (see ``SetAsideHead``), what was taken out, and how its body is framed.
    private struct HeadRewrite {
        var bytes: [UInt8]
        var setAside: SetAsideHead?
        var next: State

        init(_ head: [UInt8]) {
            let lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
                line.last == 13 ? line.dropLast() : line
            }
            var lengths: [String] = []
            var codings: [String] = []
            var upgrade = false
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
                let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
                let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingASCIISpaces()
                switch name {
                case "content-length": lengths.append(value)
                case "transfer-encoding": codings.append(value.lowercased())
                case "upgrade": upgrade = true
                default: break
                }
            }
            let requestLine = lines.first ?? []
            let method = requestLine.prefix { $0 != UInt8(ascii: " ") }
            bytes = head
            if method.elementsEqual("CONNECT".utf8) {
                next = .passthrough
                return
            }
            let unknownMethod =
                !method.isEmpty && method.count < requestLine.count && method.allSatisfy(HTTPBytes.isToken)
                && !HTTPBytes.decoderKnowsMethod(method)
            let setAsideLength = !codings.isEmpty && !lengths.isEmpty
            if unknownMethod || upgrade || setAsideLength {
                (bytes, setAside) = Self.rewritten(
                    lines, method: unknownMethod ? method : nil, takingContentLength: setAsideLength)
            }
            if !codings.isEmpty {
                let last = codings.joined(separator: ",").split(separator: ",").last.map {
                    String($0).trimmingASCIISpaces()
                }
                next = last == "chunked" ? .chunkSizeLine : .passthrough
            } else if let first = lengths.first {
                if let length = Int(first), length >= 0, lengths.allSatisfy({ $0 == first }) {
                    next = length == 0 ? .head : .fixedBody(remaining: length)
                } else {
                    next = .passthrough
                }
            } else {
                next = .head
            }
        }

        /// The head's lines again without `Upgrade`, without `Content-Length` when asked, and
        /// with `POST` for an unknown method; and what was taken out, to be put back.
        private static func rewritten(
            _ lines: [ArraySlice<UInt8>], method: ArraySlice<UInt8>?, takingContentLength: Bool
        ) -> ([UInt8], SetAsideHead) {
            var kept: [UInt8] = []
            var taken = SetAsideHead(method: method.map { String(decoding: $0, as: UTF8.self) }, lines: [])
            for (index, line) in lines.enumerated() {
                if index == 0 {
                    kept += method.map { Array("POST".utf8) + line.dropFirst($0.count) } ?? Array(line)
                    continue
                }
                if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
                    let name = String(decoding: line[..<colon], as: UTF8.self)
                    let lowercased = name.lowercased()
                    if lowercased == "upgrade" || (takingContentLength && lowercased == "content-length") {
                        let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingASCIISpaces()
                        taken.lines.append(SetAsideHead.Line(index: index - 1, name: name, value: value))
                        continue
                    }
                }
                kept += [13, 10] + line
            }
            return (kept, taken)
        }
    }
}

extension String {
    fileprivate func trimmingASCIISpaces() -> String {
        var scalars = Substring(self)
        while scalars.first == " " || scalars.first == "\t" { scalars = scalars.dropFirst() }
        while scalars.last == " " || scalars.last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
