import Foundation
import UnderstudyCore

/// Times a closure over many iterations and reports the median per-call cost of several rounds.
enum Measure {
    static func perCall(iterations: Int, rounds: Int = 5, _ body: () -> Void) -> Duration {
        let clock = ContinuousClock()
        var samples: [Duration] = []
        for _ in 0..<rounds {
            let elapsed = clock.measure {
                for _ in 0..<iterations { body() }
            }
            samples.append(elapsed / iterations)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// Like `perCall`, in this thread's CPU time, which a busy machine does not inflate.
    static func cpuPerCall(iterations: Int, rounds: Int = 5, _ body: () -> Void) -> Duration {
        var samples: [Duration] = []
        for _ in 0..<rounds {
            let start = threadCPUNanoseconds()
            for _ in 0..<iterations { body() }
            samples.append(.nanoseconds((threadCPUNanoseconds() - start) / Int64(iterations)))
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    static func threadCPUNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    static func once(_ body: () -> Void) -> Duration {
        ContinuousClock().measure(body)
    }

    /// One run's wall time and the process's CPU time (every thread's, as loading uses two).
    static func onceWithCPU(_ body: () -> Void) -> (wall: Duration, cpu: Duration) {
        let start = processCPUNanoseconds()
        let wall = ContinuousClock().measure(body)
        return (wall, .nanoseconds(processCPUNanoseconds() - start))
    }

    static func processCPUNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

extension Duration {
    /// Microseconds as a short string.
    var micros: String {
        let (seconds, attoseconds) = components
        let us = Double(seconds) * 1_000_000 + Double(attoseconds) / 1e12
        if us < 10 { return String(format: "%.2f µs", us) }
        if us < 10_000 { return String(format: "%.1f µs", us) }
        return String(format: "%.1f ms", us / 1000)
    }

    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

/// Prints aligned rows.
struct Table {
    var rows: [[String]] = []

    mutating func add(_ cells: String...) { rows.append(cells) }

    func print() {
        let widths = (0..<(rows.map(\.count).max() ?? 0)).map { column in
            rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        for row in rows {
            Swift.print(
                row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }
                    .joined(separator: "  "))
        }
    }
}

/// Serves one request through `engine` as the server does, inline, and completes it.
func serveInline(_ engine: StubEngine, _ request: LoggedRequest) {
    guard let decision = engine.decide(request, capabilities: .inline).run() else { return }
    engine.complete(decision)
}
