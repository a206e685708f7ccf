import Foundation

/// Handlers registered under ids, kept as an array ready to hand out: the journal tells its
/// observers of every request served, and copying them out of a dictionary each time cost an
/// allocation per request; handing out this array costs a retain.
struct ObserverList<Handler> {
    private var ids: [UUID] = []
    /// In the order they were added.
    private(set) var handlers: [Handler] = []

    var isEmpty: Bool { handlers.isEmpty }

    mutating func add(_ handler: Handler, id: UUID) {
        ids.append(id)
        handlers.append(handler)
    }

    mutating func remove(_ id: UUID) {
        guard let index = ids.firstIndex(of: id) else { return }
        ids.remove(at: index)
        handlers.remove(at: index)
    }
}
