import Foundation
import NIOCore
import UnderstudyCore

/// One request body on its way from the client connection to a proxy stub's upstream while the
/// client is still sending it. Lives on the connection's event loop.
///
/// Each part read is handed to the forwarder's ``StreamedRequestBody``; when that holds enough
/// parts not yet taken, the connection stops reading from the client until the forwarder asks
/// for more (``UploadDemand``). Every part is also kept for the journal, up to the server's
/// `maxBodyBytes` (``ProxiedBodyCapture``). The request is journalled once its body has ended,
/// or earlier if its answer is to be journalled first (see ``journalRequest()``).
final class RequestUpload {
    /// The client's body broke off before its end: the upstream request must fail, not end.
    struct BrokeOff: Error, CustomStringConvertible {
        var description: String
    }

    let body: StreamedRequestBody
    private let source: StreamedRequestBody.Producer.Source
    private let channel: any Channel
    private let request: LoggedRequest
    /// Where the whole request is journalled once its body has ended.
    private let entry: StreamedEntry
    private var capture: ProxiedBodyCapture
    /// The forwarder takes no more parts (the body ended, broke off, or the forwarder stopped).
    private var handedOver = false
    private(set) var ended = false
    private var journalled = false

    /// Parts waiting for the forwarder before the connection stops reading (and starts again below `low`).
    private static let highWatermark = 8
    private static let lowWatermark = 2

    init(request: LoggedRequest, entry: StreamedEntry, declaredLength: Int?, channel: any Channel, captureLimit: Int) {
        let made = StreamedRequestBody.Producer.makeSequence(
            backPressureStrategy: .init(lowWatermark: Self.lowWatermark, highWatermark: Self.highWatermark),
            finishOnDeinit: false, delegate: UploadDemand(channel: channel))
        source = made.source
        body = StreamedRequestBody(length: declaredLength, producer: made.sequence)
        self.channel = channel
        self.request = request
        self.entry = entry
        capture = ProxiedBodyCapture(limit: captureLimit)
    }

    deinit {
        // Never let a body end as if complete because its connection's handler went away.
        if !handedOver {
            source.finish(BrokeOff(description: "the connection was given up before the request body had ended"))
        }
    }

    /// The next part of the body from the client.
    func receive(_ part: ByteBuffer) {
        capture.add(part)
        guard !handedOver else { return }
        switch source.yield(part) {
        case .produceMore:
            break
        case .stopProducing:
            // Resumed by UploadDemand once the forwarder has taken enough: that runs on this loop
            // after this turn, so it cannot come before this pause.
            setReading(false)
        case .dropped:
            handedOver = true
            setReading(true)
        }
    }

    /// The body has ended: the forwarder gets its end, and the journal the request.
    func end() {
        ended = true
        if !handedOver { source.finish() }
        handedOver = true
        setReading(true)
        journalRequest()
    }

    /// The client connection went away mid-body: the upstream request fails.
    func abort(_ reason: String) {
        if !handedOver { source.finish(BrokeOff(description: reason)) }
        handedOver = true
        journalRequest(broken: reason)
    }

    /// Journals the request with the body kept so far, once. Called at the body's end, or before
    /// its answer is journalled if that comes first (an upstream that answered early, or failed):
    /// a completion must find its request in the journal.
    func journalRequest(broken: String? = nil) {
        guard !journalled else { return }
        journalled = true
        let reason =
            broken
            ?? (ended
                ? nil : "the answer was complete before the request body had ended; the journal keeps what had arrived")
        var request = self.request
        request.body = capture.data
        entry.record(request, subEvents: capture.subEvents(broken: reason, ofRequest: true))
    }

    /// True while the body is still arriving from the client and reading has not been paused for
    /// the upstream: a silence then is the client's, and the idle time-out applies to it.
    var awaitsClient: Bool { !ended && !handedOver && !paused }

    /// Reading was stopped because the upstream has not taken the parts already read.
    private var paused = false

    private func setReading(_ on: Bool) {
        paused = !on
        try? channel.syncOptions?.setOption(ChannelOptions.autoRead, value: on)
    }
}
