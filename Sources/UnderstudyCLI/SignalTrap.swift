import Dispatch
import Foundation

/// Turns SIGINT/SIGTERM into a callback instead of killing the process, so the server can
/// stop cleanly (finish in-flight requests, close its port).
final class SignalTrap {
    private let sources: [any DispatchSourceSignal]

    init(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
