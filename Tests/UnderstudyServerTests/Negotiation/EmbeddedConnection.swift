import Foundation
import NIOCore
import NIOEmbedded
import Synchronization
import UnderstudyCore

@testable import UnderstudyAdmin
@testable import UnderstudyServer

/// One server connection on NIO's `EmbeddedChannel`: the real pipeline (negotiation, HTTP/1.1 and
/// its fast path, HTTP/2, WebSocket) with bytes in and bytes out, off-loop work run in place, and
/// no socket, thread or timer of its own. What goes out is read after the loop has run.
final class EmbeddedConnection {
    let channel = EmbeddedChannel()
    let engine = StubEngine()
    private let offline = OfflineSwitch()

    /// What the server's `isOffline` reads; a class, so the environment's closure can hold it.
    private final class OfflineSwitch: Sendable {
        let isOn = Atomic<Bool>(false)
    }

    init(stubs: [String], fast: Bool = true, maxBodyBytes: Int? = nil) throws {
        for stub in stubs { try engine.store.add(StubMapping(jsonText: stub)) }
        let offline = self.offline
        var configuration = FastPathAgreementTests.configuration(fast: fast)
        if let maxBodyBytes { configuration.maxBodyBytes = maxBodyBytes }
        let environment = ConnectionEnvironment(
            engine: engine, admin: WireMockAdminAPI(engine: engine), configuration: configuration, requestShutdown: {},
            isOffline: { offline.isOn.load(ordering: .relaxed) }, offLoop: InPlaceOffLoop())
        try ConnectionPipeline.configure(channel, environment: environment)
        _ = channel.connect(to: try SocketAddress(ipAddress: "127.0.0.1", port: 40_000))
        channel.embeddedEventLoop.run()
    }

    /// The type names of the handlers in the pipeline now, read from NIO's own description of it.
    var handlerTypes: Set<String> {
        let lines = channel.pipeline.debugDescription.split(separator: "\n").dropFirst(2)
        return Set(
            lines.flatMap { line in
                line.split(separator: " ").filter { !$0.hasPrefix("[") && $0 != "↓↑" && $0 != "↓" && $0 != "↑" }
            }.map(String.init))
    }

    /// Lets the embedded clock run `duration` on, firing the timers due.
    func wait(_ duration: Duration) {
        channel.embeddedEventLoop.advanceTime(by: TimeAmount(duration))
    }

    /// Plays the server offline, as `StubHTTPServer.goOffline()` does for new requests.
    func goOffline() { offline.isOn.store(true, ordering: .relaxed) }

    /// Sends `bytes` and returns everything the connection wrote since the last call.
    func exchange(_ bytes: [UInt8]) -> [UInt8] {
        _ = try? channel.writeInbound(ByteBuffer(bytes: bytes))
        channel.embeddedEventLoop.run()
        var written: [UInt8] = []
        while true {
            // The HTTP/1.1 handlers write buffers; NIO's HTTP/2 handler writes IOData.
            if let buffer = try? channel.readOutbound(as: ByteBuffer.self) {
                written += buffer.readableBytesView
            } else if let data = try? channel.readOutbound(as: IOData.self), case .byteBuffer(let buffer) = data {
                written += buffer.readableBytesView
            } else {
                return written
            }
        }
    }

    func exchange(_ text: String) -> String {
        String(decoding: exchange(Array(text.utf8)), as: UTF8.self)
    }

    /// The frames in what the connection wrote, after any HTTP/1.1 bytes that came first (a 101).
    static func frames(in bytes: [UInt8], after prefix: Int = 0) -> [ServerH2CUpgradeTests.Frame] {
        var offset = prefix
        return ServerH2CUpgradeTests.parseFrames(bytes, from: &offset)
    }
}
