import RandomSupport

/// Generates the malformed-input corpus: request `i` of a given seed is always the same bytes,
/// so a failure report (seed, index, shape) can be replayed alone.
struct BadRequestGenerator {
    /// A request the server must never answer: it only ever arrives hidden behind a bad one.
    static let smuggled = "GET /smuggled HTTP/1.1\r\nHost: a\r\n\r\n"
    /// What the `/smuggled` stub answers; seeing it in any response means a request was smuggled.
    static let smuggledMarker = "SMUGGLED"

    let seed: UInt64
    /// The server's header limit, so oversized shapes go just past it.
    let maxHeaderBytes: Int
    /// The server's body limit.
    let maxBodyBytes: Int

    /// The request at `index`: shapes take turns, the details come from the seeded generator.
    func request(_ index: Int) -> BadRequest {
        var random = SeededRandom(seed: seed &+ UInt64(index) &* 0x2545_F491_4F6C_DD1D)
        let shapes = BadRequest.Shape.allCases
        let shape = shapes[index % shapes.count]
        var request = BadRequest(index: index, shape: shape, writes: [], ending: .halfClose)
        switch shape {
        case .brokenRequestLine: brokenRequestLine(&request, &random)
        case .badVersion: badVersion(&request, &random)
        case .badContentLength: badContentLength(&request, &random)
        case .conflictingContentLength: conflictingContentLength(&request, &random)
        case .badChunking: badChunking(&request, &random)
        case .oversizedHeaders: oversizedHeaders(&request, &random)
        case .oversizedBody: oversizedBody(&request, &random)
        case .controlBytes: controlBytes(&request, &random)
        case .badHeaderLine: badHeaderLine(&request, &random)
        case .smugglingCLTE: smugglingCLTE(&request, &random)
        case .smugglingTECL: smugglingTECL(&request, &random)
        case .smugglingTETE: smugglingTETE(&request, &random)
        case .pipeliningAbuse: pipeliningAbuse(&request, &random)
        case .halfOpen, .reset, .slowloris: cutShort(&request, &random)
        }
        if request.ending == .halfClose, random.chance(30) {
            request.writes = Self.fragment(request.bytes, &random)
        }
        return request
    }

    // MARK: - Helpers

    /// A head from its lines, ended by the blank line.
    static func head(_ lines: [String]) -> [UInt8] {
        Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// The same bytes split into a few writes at random points, to exercise reads that stop mid-line.
    static func fragment(_ bytes: [UInt8], _ random: inout SeededRandom) -> [[UInt8]] {
        guard bytes.count > 2 else { return [bytes] }
        let cuts = Set(
            (0..<Int.random(in: 1...4, using: &random)).map { _ in Int.random(in: 1..<bytes.count, using: &random) }
        ).sorted()
        var pieces: [[UInt8]] = []
        var start = 0
        for cut in cuts {
            pieces.append(Array(bytes[start..<cut]))
            start = cut
        }
        pieces.append(Array(bytes[start...]))
        return pieces
    }

    static func randomCase(_ text: String, _ random: inout SeededRandom) -> String {
        String(text.map { random.chance(50) ? Character($0.uppercased()) : Character($0.lowercased()) })
    }

    static func hex(_ n: Int) -> String { String(n, radix: 16) }

    static let methods = ["GET", "POST", "PUT", "DELETE", "PATCH"]
}
