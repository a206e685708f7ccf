import Dispatch
import Synchronization

/// Maps over an array on every core, keeping order. For start-up work (reading thousands of
/// mapping files), not for the serving path.
enum ParallelMap {
    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        guard items.count > 64 else { return items.map(transform) }
        let box = ResultBox<R>(count: items.count)
        let chunks = min(items.count / 32, 64)
        let chunkSize = (items.count + chunks - 1) / chunks
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let start = chunk * chunkSize
            let end = min(start + chunkSize, items.count)
            guard start < end else { return }
            var local: [R] = []
            local.reserveCapacity(end - start)
            for i in start..<end { local.append(transform(items[i])) }
            box.store(local, at: start)
        }
        return box.values
    }
}

/// Collects chunk results from worker threads.
private final class ResultBox<R: Sendable>: Sendable {
    private let slots: Mutex<[R?]>

    init(count: Int) { slots = Mutex([R?](repeating: nil, count: count)) }

    func store(_ values: [R], at start: Int) {
        slots.withLock { slots in
            for (offset, value) in values.enumerated() { slots[start + offset] = value }
        }
    }

    var values: [R] { slots.withLock { $0.compactMap { $0 } } }
}
