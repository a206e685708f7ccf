import Synchronization

/// A continuation that the first of several callers resumes; the rest are ignored (an answer
/// racing a time-out, a host going offline, a cancelled wait).
package final class ResumeOnce: Sendable {
    private let continuation: Mutex<CheckedContinuation<Bool, Never>?>

    package init(_ continuation: CheckedContinuation<Bool, Never>) {
        self.continuation = Mutex(continuation)
    }

    package func resume(_ value: Bool) {
        continuation.withLock { $0.take() }?.resume(returning: value)
    }
}
