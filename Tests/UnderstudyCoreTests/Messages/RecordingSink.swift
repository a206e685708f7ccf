import Foundation
import Synchronization

@testable import UnderstudyCore

/// A channel sink that sends at once and remembers what it was asked to do.
final class RecordingSink: MessageChannelSink {
    enum Call: Equatable {
        case send(MessageBody, delay: Int)
        case close(code: Int, reason: String, delay: Int)
    }

    private let state = Mutex<[Call]>([])
    var calls: [Call] { state.withLock { $0 } }

    func send(_ body: MessageBody, afterMilliseconds delay: Int, sent: @escaping @Sendable () -> Void) {
        state.withLock { $0.append(.send(body, delay: delay)) }
        sent()
    }

    func close(code: Int, reason: String, afterMilliseconds delay: Int) {
        state.withLock { $0.append(.close(code: code, reason: reason, delay: delay)) }
    }
}
