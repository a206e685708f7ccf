import RandomSupport

/// Shapes that break how a body is framed: Content-Length, chunking, size limits, cut-off connections.
extension BadRequestGenerator {
    func badContentLength(_ request: inout BadRequest, _ random: inout SeededRandom) {
        let value = random.pick([
            "abc", "-1", "+5", "0x10", "1 0", "5,6", "99999999999999999999999", "1.5", "", "5abc", "٥", "1e3", "\"5\""
        ])
        request.writes = [Self.head(["POST /ok HTTP/1.1", "Host: a", "Content-Length: \(value)"]) + Array("hello".utf8)]
    }

    func conflictingContentLength(_ request: inout BadRequest, _ random: inout SeededRandom) {
        let first = Int.random(in: 0...20, using: &random)
        let second = first + Int.random(in: 1...20, using: &random)
        let lines =
            random.chance(50)
            ? ["Content-Length: \(first)", "Content-Length: \(second)"]
            : ["Content-Length: \(first), \(second)"]
        let body = Array(Self.smuggled.utf8)
        request.writes = [Self.head(["POST /ok HTTP/1.1", "Host: a"] + lines) + body]
    }

    func badChunking(_ request: inout BadRequest, _ random: inout SeededRandom) {
        let body = random.pick([
            "zz\r\nabc\r\n0\r\n\r\n",
            "5\r\nabc\r\n0\r\n\r\n",
            "3\r\nabcdef\r\n0\r\n\r\n",
            "fffffffffffffffffffff\r\nabc\r\n",
            "-1\r\nabc\r\n0\r\n\r\n",
            "\r\nabc\r\n0\r\n\r\n",
            "0x3\r\nabc\r\n0\r\n\r\n",
            "3\r\nabc0\r\n\r\n",
            "3\r\nabc\r\n0\r\nBad Trailer\r\n\r\n",
            "3;\0ext\r\nabc\r\n0\r\n\r\n",
            "3\r\nabc\r\n",
            "3\rabc\r\n0\r\n\r\n",
            "1 2\r\nabc\r\n0\r\n\r\n"
        ])
        let coding = random.pick(["chunked", "Chunked", "gzip, chunked"])
        request.writes = [
            Self.head(["POST /ok HTTP/1.1", "Host: a", "Transfer-Encoding: \(coding)"]) + Array(body.utf8)
        ]
        if random.chance(30) { request.writes[0] += Array(Self.smuggled.utf8) }
    }

    func oversizedBody(_ request: inout BadRequest, _ random: inout SeededRandom) {
        let over = maxBodyBytes + Int.random(in: 1...maxBodyBytes, using: &random)
        let expect = random.chance(30) ? ["Expect: 100-continue"] : []
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            // Declared too big: refused before the body is read.
            request.writes = [Self.head(["POST /ok HTTP/1.1", "Host: a", "Content-Length: \(over)"] + expect)]
        case 1:
            request.writes = [
                Self.head(["POST /ok HTTP/1.1", "Host: a", "Content-Length: \(over)"] + expect),
                [UInt8](repeating: 0x61, count: over)
            ]
        default:
            // Chunked: only the growing body shows it is too big.
            let chunk = Int.random(in: 256...1024, using: &random)
            var body: [UInt8] = []
            while body.count <= over + chunk * 2 {
                body += Array("\(Self.hex(chunk))\r\n".utf8) + [UInt8](repeating: 0x62, count: chunk) + [13, 10]
            }
            request.writes = [
                Self.head(["POST /ok HTTP/1.1", "Host: a", "Transfer-Encoding: chunked"] + expect),
                body + Array("0\r\n\r\n".utf8)
            ]
        }
        // 100 Continue may come first when the client asked for it.
        if !expect.isEmpty { request.allowedStatuses.insert(100) }
    }

    /// Half-open, reset and slowloris connections: a request cut off part-way.
    func cutShort(_ request: inout BadRequest, _ random: inout SeededRandom) {
        let whole =
            random.chance(50)
            ? Self.head([
                "GET /ok HTTP/1.1", "Host: a",
                "X-Padding: " + String(repeating: "p", count: Int.random(in: 0...200, using: &random))
            ])
            : Self.head(["POST /ok HTTP/1.1", "Host: a", "Content-Length: 64"]) + [UInt8](repeating: 0x63, count: 64)
        // Stop before the end, so the server never has a whole request to answer.
        let cut = Int.random(in: 0..<(whole.count - 1), using: &random)
        request.writes = cut == 0 ? [] : [Array(whole[..<cut])]
        switch request.shape {
        case .reset: request.ending = .reset
        case .slowloris: request.ending = .leaveOpen
        default: request.ending = .halfClose
        }
    }
}
