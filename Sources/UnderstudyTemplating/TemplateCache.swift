import Synchronization

/// Compiled templates by source text, bounded (WireMock's `--max-template-cache-entries`,
/// 1,000 by default). Eviction is the clock algorithm: a hit marks an entry; when full, the hand
/// sweeps, clearing marks, and replaces the first unmarked entry. Parse errors are cached too, so a
/// broken stub is not re-parsed on every request.
public final class TemplateCache: Sendable {
    /// The capacity unless told otherwise, as WireMock's.
    public static let defaultCapacity = 1_000

    private struct Slot {
        var source: String
        var result: Result<Template, TemplateError>
        var referenced: Bool
    }

    private struct State {
        var slots: [Slot] = []
        var indexBySource: [String: Int] = [:]
        var hand = 0
    }

    /// How many compiled templates are kept.
    public let capacity: Int
    private let state = Mutex(State())

    /// - Parameter capacity: how many templates to keep; 0 or less keeps none.
    public init(capacity: Int = TemplateCache.defaultCapacity) {
        self.capacity = max(0, capacity)
    }

    /// How many are kept now.
    public var count: Int { state.withLock { $0.slots.count } }

    /// The compiled template for `source`, parsing it on a miss.
    public func template(_ source: String) throws(TemplateError) -> Template {
        if let cached = state.withLock({ state -> Result<Template, TemplateError>? in
            guard let index = state.indexBySource[source] else { return nil }
            state.slots[index].referenced = true
            return state.slots[index].result
        }) {
            return try cached.get()
        }
        let result: Result<Template, TemplateError>
        do {
            result = .success(try Template(source))
        } catch {
            result = .failure(error)
        }
        if capacity > 0 { insert(source, result) }
        return try result.get()
    }

    private func insert(_ source: String, _ result: Result<Template, TemplateError>) {
        state.withLock { state in
            guard state.indexBySource[source] == nil else { return }
            if state.slots.count < capacity {
                state.indexBySource[source] = state.slots.count
                state.slots.append(Slot(source: source, result: result, referenced: false))
                return
            }
            while state.slots[state.hand].referenced {
                state.slots[state.hand].referenced = false
                state.hand = (state.hand + 1) % state.slots.count
            }
            state.indexBySource[state.slots[state.hand].source] = nil
            state.slots[state.hand] = Slot(source: source, result: result, referenced: false)
            state.indexBySource[source] = state.hand
            state.hand = (state.hand + 1) % state.slots.count
        }
    }
}
