import RandomSupport

/// Shapes that break the request line or the header block.
extension BadRequestGenerator {
    func brokenRequestLine(_ request: inout BadRequest, _ random: inout SeededRandom) {
        let junk = String(
            decoding: random.bytes(Int.random(in: 1...40, using: &random), from: 0x21...0x7E), as: UTF8.self)
        let line = random.pick([
            "GET",
            "GET /ok",
            "GET /ok HTTP/1.1 extra",
            " GET /ok HTTP/1.1",
            "GET\t/ok\tHTTP/1.1",
            "GET /o k HTTP/1.1",
            "GE(T /ok HTTP/1.1",
            "G{}T /ok HTTP/1.1",
            "/ok HTTP/1.1",
            "GET  HTTP/1.1",
            "HTTP/1.1 200 OK",
            junk,
            // Any token is a method (RFC 9110, and WireMock serves them): this one has a byte that is not.
            "\(junk){ /ok HTTP/1.1",
            "GET /ok\(junk) HTTP/1.1 \(junk)"
        ])
        request.writes = [Self.head([line, "Host: a"])]
        if random.chance(20) {
            request.writes = [random.bytes(Int.random(in: 1...200, using: &random)) + [13, 10, 13, 10]]
        }
    }

    func badVersion(_ request: inout BadRequest, _ random: inout SeededRandom) {
        let version = random.pick([
            "HTTP/9.9", "HTTP/1.2", "HTTP/2.0", "HTTP/3", "http/1.1", "HTTP/1", "HTTP/1.1.1", "HTTP/01.1", "HTTP/1.10",
            "HTTX/1.1", "HTTP/a.b", "HTTP/", "HTTP/1.1\0", "HTTP/-1.1", "HTTP /1.1", "HTTP/1 .1"
        ])
        request.writes = [Self.head(["\(random.pick(Self.methods)) /ok \(version)", "Host: a"])]
    }

    func badHeaderLine(_ request: inout BadRequest, _ random: inout SeededRandom) {
        let line = random.pick([
            "no colon here",
            " Leading: space",
            "\tLeading: tab",
            "Name : space before colon",
            "Name\t: tab before colon",
            ": empty name",
            "Na me: space in name",
            "Na\"me: quote in name",
            "Name(x): paren in name",
            "[Name]: brackets",
            "Name: value\rbare CR",
            "@: at"
        ])
        var lines = ["\(random.pick(Self.methods)) /ok HTTP/1.1", "Host: a"]
        lines.insert(line, at: random.chance(50) ? 1 : 2)
        request.writes = [Self.head(lines)]
    }

    func oversizedHeaders(_ request: inout BadRequest, _ random: inout SeededRandom) {
        let over = maxHeaderBytes + Int.random(in: 1...(maxHeaderBytes * 2), using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            request.writes = [
                Self.head(["GET /ok HTTP/1.1", "Host: a", "X-Big: " + String(repeating: "x", count: over)])
            ]
        case 1:
            let count = over / 40 + 1
            let lines = (0..<count).map { "X-Header-\($0): " + String(repeating: "v", count: 30) }
            request.writes = [Self.head(["GET /ok HTTP/1.1", "Host: a"] + lines)]
        case 2:
            request.writes = [Self.head(["GET /ok?" + String(repeating: "q", count: over) + " HTTP/1.1", "Host: a"])]
        default:
            request.writes = [Self.head(["GET /ok HTTP/1.1", "Host: a", String(repeating: "N", count: over) + ": v"])]
        }
        // Before the head completes, a 431 may arrive while the rest is still on its way; 400 for a URL over the limit.
        request.allowedStatuses = BadRequest.refusals
    }

    func controlBytes(_ request: inout BadRequest, _ random: inout SeededRandom) {
        let bad: [UInt8] = random.pick([[0], [0x7F], [0x01], [0x1B], [0xC3, 0xA9], [0xFF], [0x0B], [0x0C]])
        var lines: [[UInt8]] = [Array("GET /ok HTTP/1.1".utf8), Array("Host: a".utf8), Array("X-Test: value".utf8)]
        switch Int.random(in: 0..<5, using: &random) {
        case 0: lines[0] = Array("GE".utf8) + bad + Array("T /ok HTTP/1.1".utf8)
        case 1: lines[0] = Array("GET /o".utf8) + bad + Array("k HTTP/1.1".utf8)
        case 2: lines[2] = Array("X-Te".utf8) + bad + Array("st: value".utf8)
        case 3: lines[0] = Array("GET /ok HTTP/1".utf8) + bad + Array(".1".utf8)
        default:
            // In a value, bytes above 0x7F are obs-text, which HTTP allows: such a request may be served.
            lines[2] = Array("X-Test: val".utf8) + bad + Array("ue".utf8)
            if bad.allSatisfy({ $0 >= 0x80 }) {
                request.allowedStatuses.insert(200)
                request.maxAccepted = 1
            }
        }
        request.writes = [Array(lines.joined(separator: [13, 10])) + [13, 10, 13, 10]]
    }
}
