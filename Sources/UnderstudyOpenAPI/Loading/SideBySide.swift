import Foundation
import Synchronization

/// Runs two parts of loading at once that only read the document: one on a thread of its own
/// (not a shared pool, which callers blocked here could starve), one on the caller's. The first
/// one's error is reported before the second's, as when they ran in turn.
enum SideBySide {
    static func run<T>(
        _ first: @escaping @Sendable () throws(OpenAPISpecError) -> Void,
        while second: () throws(OpenAPISpecError) -> T
    ) throws(OpenAPISpecError) -> T {
        let outcome = Outcome()
        let thread = Thread {
            do throws(OpenAPISpecError) {
                try first()
                outcome.finish(nil)
            } catch {
                outcome.finish(error)
            }
        }
        // Decoding recurses once per level of the document, as it does on the main thread.
        thread.stackSize = 8 << 20
        thread.start()
        let result = Result { () throws(OpenAPISpecError) in try second() }
        if let error = outcome.wait() { throw error }
        return try result.get()
    }

    private final class Outcome: Sendable {
        private let error = Mutex<OpenAPISpecError?>(nil)
        private let done = DispatchSemaphore(value: 0)

        func finish(_ problem: OpenAPISpecError?) {
            error.withLock { $0 = problem }
            done.signal()
        }

        func wait() -> OpenAPISpecError? {
            done.wait()
            return error.withLock { $0 }
        }
    }
}
