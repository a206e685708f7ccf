import Foundation
import RandomSupport

/// One generated bad WebSocket exchange: the frames' bytes a client sends after the opening
/// handshake, what is wrong with them, and the close codes the server may answer with.
struct BadFrames: Sendable {
    enum Shape: CaseIterable {
        case unmasked, reservedBits, unknownOpcode, strayContinuation, interleavedMessage
        case fragmentedControl, longControl, oversizedFrame, oversizedFragments, invalidUTF8, randomBytes
        case truncatedThenClose
    }

    var shape: Shape
    var bytes: [UInt8]
    /// The close codes a correct server sends; empty when it may also just close (random bytes
    /// can happen to make a well-formed frame or an unfinished one).
    var codes: Set<Int>
}

/// Makes bad WebSocket frames from a seed, one shape after another, for a server whose message
/// limit is `maxMessageBytes`.
struct BadFrameGenerator: Sendable {
    let seed: UInt64
    let maxMessageBytes: Int

    func frames(_ index: Int) -> BadFrames {
        var random = SeededRandom(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
        let shape = BadFrames.Shape.allCases[index % BadFrames.Shape.allCases.count]
        func frame(fin: Bool = true, rsv: UInt8 = 0, opcode: UInt8, payload: [UInt8], masked: Bool = true) -> [UInt8] {
            var bytes = RawConnection.encode(TestFrame(fin: fin, opcode: opcode, payload: payload), masked: masked)
            bytes[0] |= rsv << 4
            return bytes
        }
        let text = random.bytes(Int.random(in: 0...40, using: &random), from: 0x61...0x7A)
        switch shape {
        case .unmasked:
            return BadFrames(shape: shape, bytes: frame(opcode: 0x1, payload: text, masked: false), codes: [1002])
        case .reservedBits:
            let rsv = random.pick([UInt8(1), 2, 4, 7])
            return BadFrames(shape: shape, bytes: frame(rsv: rsv, opcode: 0x1, payload: text), codes: [1002])
        case .unknownOpcode:
            let opcode = random.pick([UInt8(3), 4, 5, 6, 7, 0xB, 0xC, 0xD, 0xE, 0xF])
            return BadFrames(shape: shape, bytes: frame(opcode: opcode, payload: text), codes: [1002])
        case .strayContinuation:
            return BadFrames(shape: shape, bytes: frame(opcode: 0x0, payload: text), codes: [1002])
        case .interleavedMessage:
            let bytes = frame(fin: false, opcode: 0x1, payload: text) + frame(opcode: 0x2, payload: text)
            return BadFrames(shape: shape, bytes: bytes, codes: [1002])
        case .fragmentedControl:
            return BadFrames(
                shape: shape, bytes: frame(fin: false, opcode: random.pick([0x8, 0x9, 0xA]), payload: []), codes: [1002]
            )
        case .longControl:
            let payload = random.bytes(Int.random(in: 126...300, using: &random))
            return BadFrames(shape: shape, bytes: frame(opcode: 0x9, payload: payload), codes: [1002])
        case .oversizedFrame:
            // Only the header: the declared length alone is over the limit.
            var header: [UInt8] = [0x82, 0x80 | 127]
            let length = UInt64(maxMessageBytes) + UInt64.random(in: 1...(1 << 40), using: &random)
            for shift in stride(from: 56, through: 0, by: -8) { header.append(UInt8((length >> UInt64(shift)) & 0xFF)) }
            return BadFrames(shape: shape, bytes: header + [1, 2, 3, 4], codes: [1009])
        case .oversizedFragments:
            let part = [UInt8](repeating: 0x61, count: maxMessageBytes / 2 + 1)
            let bytes = frame(fin: false, opcode: 0x1, payload: part) + frame(opcode: 0x0, payload: part)
            return BadFrames(shape: shape, bytes: bytes, codes: [1009])
        case .invalidUTF8:
            let bad = random.pick([
                [UInt8(0xC3), 0x28], [0xE2, 0x82], [0xF0, 0x28, 0x8C, 0x28], [0xFF], [0xED, 0xA0, 0x80]
            ])
            return BadFrames(shape: shape, bytes: frame(opcode: 0x1, payload: text + bad), codes: [1007])
        case .randomBytes:
            return BadFrames(shape: shape, bytes: random.bytes(Int.random(in: 1...200, using: &random)), codes: [])
        case .truncatedThenClose:
            let whole = frame(opcode: 0x1, payload: text + [0x62])
            return BadFrames(
                shape: shape, bytes: Array(whole.prefix(Int.random(in: 1..<whole.count, using: &random))), codes: [])
        }
    }
}
