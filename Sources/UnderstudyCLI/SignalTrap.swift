import Dispatch
import Foundation

/// Turns SIGINT/SIGTERM into a callback instead of killing the process, so the server can
/// stop cleanly (finish in-flight requests, close its port).
final class SignalTrap {
    private let sources: [any DispatchSourceSignal]

    private init(sources: [any DispatchSourceSignal]) {
        self.sources = sources
    }

    /// Returns once every signal source is armed. A dispatch source registers with the kernel
    /// after `resume()` returns, and the signal is already ignored by then: one arriving in
    /// between would be lost, so a script that sends SIGTERM as soon as it has read the URL
    /// could leave the server running.
    static func install(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) async -> SignalTrap {
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            await withCheckedContinuation { (armed: CheckedContinuation<Void, Never>) in
                source.setRegistrationHandler { armed.resume() }
                source.resume()
            }
            sources.append(source)
        }
        return SignalTrap(sources: sources)
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
