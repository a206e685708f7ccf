import RandomSupport

/// Request smuggling shapes: a request hidden where one framing sees body and another sees a
/// second request. The front request (`/front`, unmatched: 404) may be answered; the hidden
/// `/smuggled` one must never be.
extension BadRequestGenerator {
    func smugglingCLTE(_ request: inout BadRequest, _ random: inout SeededRandom) {
        let body = Array(("0\r\n\r\n" + Self.smuggled).utf8)
        let framing = [
            "Content-Length: \(Int.random(in: 0...5, using: &random))",
            "\(Self.randomCase("Transfer-Encoding", &random)): chunked"
        ]
        request.writes = [
            Self.head(["POST /front HTTP/1.1", "Host: a"] + (random.chance(50) ? framing : framing.reversed())) + body
        ]
        acceptFront(&request)
    }

    func smugglingTECL(_ request: inout BadRequest, _ random: inout SeededRandom) {
        let hidden = Self.smuggled
        let body = Array("\(Self.hex(hidden.utf8.count))\r\n\(hidden)\r\n0\r\n\r\n".utf8)
        let framing = ["Transfer-Encoding: chunked", "Content-Length: \(Int.random(in: 3...4, using: &random))"]
        request.writes = [
            Self.head(["POST /front HTTP/1.1", "Host: a"] + (random.chance(50) ? framing : framing.reversed())) + body
        ]
        acceptFront(&request)
    }

    func smugglingTETE(_ request: inout BadRequest, _ random: inout SeededRandom) {
        let variants: [[String]] = [
            ["Transfer-Encoding: chunked", "Transfer-Encoding: identity"],
            ["Transfer-Encoding: identity", "Transfer-Encoding: chunked"],
            ["Transfer-Encoding: chunked, identity"],
            ["Transfer-Encoding: xchunked"],
            ["Transfer-Encoding : chunked"],
            ["Transfer-Encoding\t: chunked"],
            ["Transfer-Encoding: chunked\u{0B}"],
            ["Transfer-Encoding: \"chunked\""],
            ["X-Folded: x", " Transfer-Encoding: chunked"],
            ["Transfer-Encoding:", " chunked"],
            ["Transfer-Encoding: chunked", "Transfer-encoding: cow"],
            ["Transfer-Encoding:\tchunked"],
            ["Transfer-Encoding: CHUNKED"]
        ]
        let length = "Content-Length: \(Int.random(in: 0...5, using: &random))"
        let body = Array(("0\r\n\r\n" + Self.smuggled).utf8)
        request.writes = [Self.head(["POST /front HTTP/1.1", "Host: a", length] + random.pick(variants)) + body]
        acceptFront(&request)
    }

    /// Well-formed requests in front of something bad, or a request the server must stop after.
    func pipeliningAbuse(_ request: inout BadRequest, _ random: inout SeededRandom) {
        let good = Int.random(in: 1...12, using: &random)
        var bytes = Array(String(repeating: "GET /ok HTTP/1.1\r\nHost: a\r\n\r\n", count: good).utf8)
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            bytes += random.bytes(Int.random(in: 1...64, using: &random), from: 0x21...0x7E) + [13, 10, 13, 10]
        case 1:
            // Nothing after `Connection: close` may be answered.
            bytes += Array("GET /ok HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n\(Self.smuggled)".utf8)
        case 2:
            // HTTP/1.0 without keep-alive closes after its answer.
            bytes += Array("GET /ok HTTP/1.0\r\n\r\n\(Self.smuggled)".utf8)
        case 3:
            bytes +=
                Self.head(["POST /ok HTTP/1.1", "Host: a", "Content-Length: \(maxBodyBytes * 4)"])
                + Array(Self.smuggled.utf8)
        default:
            bytes += Array(
                "GET /ok HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nab\(Self.smuggled)".utf8)
        }
        request.writes = [bytes]
        request.allowedStatuses.insert(200)
        request.maxAccepted = good + 1
    }

    private func acceptFront(_ request: inout BadRequest) {
        request.allowedStatuses.insert(404)
        request.maxAccepted = 1
    }
}
