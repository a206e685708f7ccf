import NIOCore
import NIOEmbedded
import NIOSSL
import RandomSupport

/// Broken TLS openings made from a real ClientHello (NIOSSL's, captured on an `EmbeddedChannel`):
/// cut short, with bytes flipped, with lying record lengths, or followed by junk records. Every
/// case follows from the seed and its index, so a failure can be replayed.
struct ClientHelloCorpus {
    struct Case {
        var name: String
        var bytes: [UInt8]
    }

    let hello: [UInt8]

    /// Captures the ClientHello a client trusting `configuration` sends to `localhost`.
    init(configuration: TLSConfiguration) throws {
        let channel = EmbeddedChannel()
        defer { _ = try? channel.finish() }
        let context = try NIOSSLContext(configuration: configuration)
        try channel.pipeline.syncOperations.addHandler(
            try NIOSSLClientHandler(context: context, serverHostname: "localhost"))
        channel.connect(to: try SocketAddress(ipAddress: "127.0.0.1", port: 443), promise: nil)
        var bytes: [UInt8] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { bytes += buffer.readableBytesView }
        hello = bytes
    }

    func cases(seed: UInt64, count: Int) -> [Case] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { index in
            var bytes = hello
            let name: String
            switch index % 5 {
            case 0:
                let cut = Int.random(in: 1..<hello.count, using: &random)
                bytes = Array(hello.prefix(cut))
                name = "cut to \(cut) bytes"
            case 1:
                let flips = Int.random(in: 1...8, using: &random)
                for _ in 0..<flips {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
                }
                name = "\(flips) bytes flipped"
            case 2:
                // The record header (type, version, length) says something else than what follows.
                let length = UInt16.random(in: 0...UInt16.max, using: &random)
                bytes[3] = UInt8(length >> 8)
                bytes[4] = UInt8(length & 0xFF)
                name = "record length \(length)"
            case 3:
                let junk = (0..<Int.random(in: 1...2048, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }
                bytes += junk
                name = "hello then \(junk.count) junk bytes"
            default:
                // An alert, a change-cipher-spec and application data before any handshake.
                let type = [UInt8(21), 20, 23][Int.random(in: 0..<3, using: &random)]
                bytes = [type, 0x03, 0x03, 0x00, 0x02, 0x02, 0x28]
                name = "record type \(type) before the hello"
            }
            return Case(name: "#\(index) (seed \(seed)): \(name)", bytes: bytes)
        }
    }
}
