@testable import UnderstudyServer

/// HTTP/2 frames written as bytes by hand (RFC 9113 §4.1), so a test can send what no well-behaved
/// client library would: frames on the wrong stream, lying windows, endless CONTINUATION.
enum HTTP2FrameBytes {
    enum Kind: UInt8 {
        case data = 0
        case headers = 1
        case priority = 2
        case rstStream = 3
        case settings = 4
        case pushPromise = 5
        case ping = 6
        case goAway = 7
        case windowUpdate = 8
        case continuation = 9
    }

    enum ErrorCode: UInt32 {
        case noError = 0
        case protocolError = 1
        case internalError = 2
        case flowControlError = 3
        case streamClosed = 5
        case frameSizeError = 6
        case refusedStream = 7
        case cancel = 8
        case compressionError = 9
        case enhanceYourCalm = 0xB
    }

    static let endStream: UInt8 = 0x1
    static let ack: UInt8 = 0x1
    static let endHeaders: UInt8 = 0x4
    static let maxConcurrentStreams: UInt16 = 3
    static let initialWindowSize: UInt16 = 4

    static func frame(_ kind: Kind, flags: UInt8 = 0, stream: UInt32 = 0, _ payload: [UInt8] = []) -> [UInt8] {
        let length = UInt32(payload.count)
        return [UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF), kind.rawValue, flags]
            + bigEndian(stream) + payload
    }

    /// The client's opening: the preface, its SETTINGS, and the ACK of the server's SETTINGS (which
    /// the server has sent before reading a byte), so the server's advertised limits are in force.
    static func opening(settings: [(UInt16, UInt32)] = []) -> [UInt8] {
        CleartextNegotiator.preface + self.settings(settings) + frame(.settings, flags: ack)
    }

    static func settings(_ pairs: [(UInt16, UInt32)]) -> [UInt8] {
        frame(.settings, pairs.flatMap { [UInt8($0.0 >> 8), UInt8($0.0 & 0xFF)] + bigEndian($0.1) })
    }

    static func headers(stream: UInt32, _ block: [UInt8], flags: UInt8 = endHeaders | endStream) -> [UInt8] {
        frame(.headers, flags: flags, stream: stream, block)
    }

    static func rstStream(stream: UInt32, _ code: ErrorCode = .cancel) -> [UInt8] {
        frame(.rstStream, stream: stream, bigEndian(code.rawValue))
    }

    static func windowUpdate(stream: UInt32, increment: UInt32) -> [UInt8] {
        frame(.windowUpdate, stream: stream, bigEndian(increment))
    }

    static func ping(_ marker: UInt8) -> [UInt8] {
        frame(.ping, [UInt8](repeating: marker, count: 8))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// The few HPACK representations the tests need (RFC 7541), without Huffman coding.
enum HPACKLiteral {
    /// `GET path` on `http`, authority `x`: two static-table entries and two literals not indexed.
    static func request(path: String) -> [UInt8] {
        [0x82, 0x86] + literalWithIndexedName(4, value: path) + literalWithIndexedName(1, value: "x")
    }

    /// A literal that goes into the dynamic table (§6.2.1, new name), at index 62 until the next.
    static func indexedLiteral(name: String, value: String) -> [UInt8] {
        [0x40] + string(name) + string(value)
    }

    /// A reference to an entry of the static or dynamic table (§6.1).
    static func indexed(_ index: Int) -> [UInt8] {
        integer(index, prefixBits: 7, flags: 0x80)
    }

    static func literalWithIndexedName(_ index: Int, value: String) -> [UInt8] {
        integer(index, prefixBits: 4, flags: 0) + string(value)
    }

    static func string(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        return integer(bytes.count, prefixBits: 7, flags: 0) + bytes
    }

    /// An integer with an N-bit prefix (§5.1).
    static func integer(_ value: Int, prefixBits: Int, flags: UInt8) -> [UInt8] {
        let limit = (1 << prefixBits) - 1
        guard value >= limit else { return [flags | UInt8(value)] }
        var bytes = [flags | UInt8(limit)]
        var rest = value - limit
        while rest >= 128 {
            bytes.append(UInt8(rest % 128 + 128))
            rest /= 128
        }
        return bytes + [UInt8(rest)]
    }
}
