/// A frame as it came off the wire (parsed by ``ServerH2CUpgradeTests/readFrames(from:until:)``).
typealias RawFrame = ServerH2CUpgradeTests.Frame

extension RawFrame {
    var kind: HTTP2FrameBytes.Kind? { HTTP2FrameBytes.Kind(rawValue: type) }

    /// The error code a GOAWAY or RST_STREAM carries.
    var errorCode: HTTP2FrameBytes.ErrorCode? {
        let offset: Int
        switch kind {
        case .goAway: offset = 4
        case .rstStream: offset = 0
        default: return nil
        }
        guard payload.count >= offset + 4 else { return nil }
        return HTTP2FrameBytes.ErrorCode(rawValue: payload[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) })
    }

    var endsStream: Bool { (kind == .data || kind == .headers) && flags & HTTP2FrameBytes.endStream != 0 }

    /// The SETTINGS parameters of a SETTINGS frame, in order.
    var settings: [(UInt16, UInt32)] {
        guard kind == .settings else { return [] }
        return stride(from: 0, to: payload.count - 5, by: 6).map { start in
            let value = payload[start + 2..<start + 6].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return (UInt16(payload[start]) << 8 | UInt16(payload[start + 1]), value)
        }
    }
}

extension [RawFrame] {
    var goAway: RawFrame? { first { $0.kind == .goAway } }
    func resets(on stream: UInt32) -> [RawFrame] { filter { $0.kind == .rstStream && $0.stream == stream } }
    func dataBytes(on stream: UInt32) -> Int {
        filter { $0.kind == .data && $0.stream == stream }.reduce(0) { $0 + $1.payload.count }
    }
}

extension RawConnection {
    /// Every frame read so far and from now on, until `done` says enough or the connection ends.
    func readFrames(until done: ([RawFrame]) -> Bool) async throws -> [RawFrame] {
        try await ServerH2CUpgradeTests.readFrames(from: self, until: done)
    }

    /// Every frame until the server ends the connection (by a close or a reset).
    func readFramesToEnd() async -> [RawFrame] {
        do {
            while try await readMore() {}
        } catch {
            // A reset after the last frame: what arrived before it still counts.
        }
        return (try? await readFrames { _ in true }) ?? []
    }

    /// Sends a PING and reads until its ACK, a GOAWAY or the end: the server has read everything
    /// sent before it. Returns every frame read so far.
    func sync(_ marker: UInt8) async throws -> [RawFrame] {
        try await send(bytes: HTTP2FrameBytes.ping(marker))
        return try await readFrames { frames in
            frames.goAway != nil
                || frames.contains {
                    $0.kind == .ping && $0.flags & HTTP2FrameBytes.ack != 0 && $0.payload.first == marker
                }
        }
    }
}
