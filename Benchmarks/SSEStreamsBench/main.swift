import Foundation
import NIOCore
import NIOPosix

// Server-sent event streams at scale, against any server that serves the benchmark's three
// routes (Scripts/bench-sse.sh starts `understudy serve` on a mapping folder, and this program's
// bare SwiftNIO server, and runs each case against both):
//
//   SSEStreamsBench bare [port]                         the baseline server, until killed
//   SSEStreamsBench hold PORT STREAMS SECONDS PID       open STREAMS /stream connections, hold them
//                                                       SECONDS; the server PID's RSS, heartbeats,
//                                                       and a plain stub's round trips meanwhile
//   SSEStreamsBench ticks PORT STREAMS EVENTS           STREAMS /ticks connections at once; how late
//                                                       each event arrives
//
// Targets (issue 14): 10,000 streams under 300 MiB with plain stubs still answered; 1,000 streams
// of 10 events/s with delivery lateness p99 ≤ 5 ms.

let arguments = Array(CommandLine.arguments.dropFirst())
let group = MultiThreadedEventLoopGroup(numberOfThreads: System.coreCount)

func connect(port: Int, path: String, streams: Int, tally: StreamTally) async throws -> [any Channel] {
    var channels: [any Channel] = []
    channels.reserveCapacity(streams)
    // In batches, so the listen backlog never overflows into SYN retries.
    for batchStart in stride(from: 0, to: streams, by: 250) {
        try await withThrowingTaskGroup(of: (any Channel).self) { batch in
            for _ in batchStart..<min(streams, batchStart + 250) {
                batch.addTask {
                    try await ClientBootstrap(group: group)
                        .channelInitializer { channel in
                            channel.eventLoop.makeCompletedFuture {
                                try channel.pipeline.syncOperations.addHandler(StreamClient(path: path, tally: tally))
                            }
                        }
                        .connect(host: "127.0.0.1", port: port).get()
                }
            }
            for try await channel in batch { channels.append(channel) }
        }
    }
    return channels
}

func waitUntil(_ timeout: Duration, _ condition: () -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        try await Task.sleep(for: .milliseconds(50))  // a benchmark's progress poll, not a test
    }
    return true
}

func residentMiB(of pid: String) -> Double {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    let kibibytes = Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    return kibibytes / 1024
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
}

func format(_ value: Double) -> String { String(format: "%.2f", value) }

switch arguments.first {
case "bare":
    let port = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 0
    let channel = try await BareSSEServer.start(
        port: port, heartbeat: .seconds(1), ticks: 100, tickInterval: .milliseconds(100))
    // Unbuffered, so the script reads the URL while the server runs.
    FileHandle.standardOutput.write(Data("http://127.0.0.1:\(channel.localAddress?.port ?? 0)\n".utf8))
    try await channel.closeFuture.get()

case "hold":
    let port = Int(arguments[1])!
    let streams = Int(arguments[2])!
    let seconds = Int(arguments[3])!
    let pid = arguments[4]
    let before = residentMiB(of: pid)
    let tally = StreamTally(expectedEvents: 0)
    let began = ContinuousClock.now
    let channels = try await connect(port: port, path: "/stream", streams: streams, tally: tally)
    let allOpen = try await waitUntil(.seconds(60)) { tally.snapshot.opened == streams }
    let openedIn = ContinuousClock.now - began
    let heartbeatsBefore = tally.snapshot.heartbeats
    try await Task.sleep(for: .seconds(seconds))
    let probe = try await PlainProbe.run(port: port, count: 200, group: group)
    let state = tally.snapshot
    let held = residentMiB(of: pid)
    print(
        "streams=\(state.opened)/\(streams) all_open=\(allOpen) opened_in=\(openedIn) failures=\(state.failures)"
            + " heartbeats_per_stream_per_s=\(format(Double(state.heartbeats - heartbeatsBefore) / Double(max(1, streams * seconds))))"
            + " rss_before_mib=\(format(before)) rss_held_mib=\(format(held))"
            + " plain_p50_us=\(format(percentile(probe, 0.5))) plain_p99_us=\(format(percentile(probe, 0.99)))")
    for channel in channels { channel.close(promise: nil) }

case "ticks":
    let port = Int(arguments[1])!
    let streams = Int(arguments[2])!
    let events = Int(arguments[3])!
    let tally = StreamTally(expectedEvents: events)
    let channels = try await connect(port: port, path: "/ticks", streams: streams, tally: tally)
    let done = try await waitUntil(.seconds(Double(events) * 0.1 * 3 + 60)) {
        tally.snapshot.arrivals.count + tally.snapshot.failures == streams
    }
    let state = tally.snapshot
    // An event is due a tick after the one before it (each delay counts from the previous event):
    // its lateness is its gap minus the tick. The drift is how far the last event is behind
    // first + (events - 1) ticks.
    let tick = 100_000.0  // µs
    var gaps: [Double] = []
    var drifts: [Double] = []
    for arrivals in state.arrivals {
        for (earlier, later) in zip(arrivals, arrivals.dropFirst()) {
            gaps.append(Double(later - earlier) / 1_000 - tick)
        }
        if let first = arrivals.first, let last = arrivals.last {
            drifts.append(Double(last - first) / 1_000 - tick * Double(arrivals.count - 1))
        }
    }
    print(
        "streams=\(state.arrivals.count)/\(streams) complete=\(done) failures=\(state.failures) events=\(gaps.count + state.arrivals.count)"
            + " lateness_p50_ms=\(format(percentile(gaps, 0.5) / 1_000)) lateness_p99_ms=\(format(percentile(gaps, 0.99) / 1_000))"
            + " lateness_max_ms=\(format((gaps.max() ?? .nan) / 1_000))"
            + " drift_p50_ms=\(format(percentile(drifts, 0.5) / 1_000)) drift_p99_ms=\(format(percentile(drifts, 0.99) / 1_000))"
    )
    for channel in channels { channel.close(promise: nil) }

default:
    print("usage: SSEStreamsBench bare [port] | hold PORT STREAMS SECONDS PID | ticks PORT STREAMS EVENTS")
    exit(64)
}
try await group.shutdownGracefully()
