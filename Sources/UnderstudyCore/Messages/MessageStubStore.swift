import Foundation
import Synchronization
import UnderstudyJSON

/// The message stubs of one stub world, in match order: priority first (1 is highest), then
/// the newest first among equals, as the HTTP stub store orders its stubs.
public final class MessageStubStore: Sendable {
    private let state = Mutex<[MessageStubMapping]>([])
    /// Kept beside the list so every HTTP answer can ask cheaply whether it may trigger a stub.
    private let httpTriggers = Mutex(false)
    /// Bumped by every change, so a channel's cached candidate stubs know when they are stale.
    private let changes = Atomic<Int>(0)

    /// An empty store.
    public init() {}

    /// Every stub, in match order.
    public var stubs: [MessageStubMapping] { state.withLock { $0 } }

    /// True when some stub is triggered by HTTP requests (`http-stub`, `http-request`).
    public var hasHTTPTriggers: Bool { httpTriggers.withLock { $0 } }

    /// A number that changes whenever the stubs do.
    var version: Int { changes.load(ordering: .acquiring) }

    /// Every stub with the version it belongs to, read together.
    var versioned: (version: Int, stubs: [MessageStubMapping]) {
        state.withLock { (version, $0) }
    }

    /// Called with the lock held, so the version a reader sees with the list is never older than it.
    private func changed(_ stubs: [MessageStubMapping]) {
        let any = stubs.contains(where: \.hasHTTPTrigger)
        httpTriggers.withLock { $0 = any }
        changes.add(1, ordering: .releasing)
    }

    /// Adds a stub, replacing one with the same id.
    public func add(_ stub: MessageStubMapping) {
        state.withLock { stubs in
            stubs.removeAll { $0.id == stub.id }
            let index = stubs.firstIndex { $0.effectivePriority >= stub.effectivePriority } ?? stubs.count
            stubs.insert(stub, at: index)
            changed(stubs)
        }
    }

    /// The message stub with this id, if any.
    public func stub(id: UUID) -> MessageStubMapping? { state.withLock { $0.first { $0.id == id } } }

    /// Removes the stub with this id; returns it, or nil when there was none.
    @discardableResult
    public func remove(id: UUID) -> MessageStubMapping? {
        state.withLock { stubs in
            guard let index = stubs.firstIndex(where: { $0.id == id }) else { return nil }
            defer { changed(stubs) }
            return stubs.remove(at: index)
        }
    }

    /// Removes the stubs that satisfy `predicate` and returns them.
    @discardableResult
    public func removeAll(where predicate: (MessageStubMapping) -> Bool) -> [MessageStubMapping] {
        state.withLock { stubs in
            let doomed = stubs.filter(predicate)
            stubs.removeAll(where: predicate)
            changed(stubs)
            return doomed
        }
    }

    /// Removes every message stub.
    public func reset() {
        state.withLock {
            $0 = []
            changed($0)
        }
    }

    /// Stubs whose metadata, written out as JSON, matches (as WireMock matches it).
    public func stubs(withMetadataMatching pattern: StringValuePattern) -> [MessageStubMapping] {
        stubs.filter { Self.metadata(of: $0, matches: pattern) }
    }

    static func metadata(of stub: MessageStubMapping, matches pattern: StringValuePattern) -> Bool {
        guard let metadata = stub.metadata else { return false }
        return pattern.matches(JSONWriter.string(.object(metadata)))
    }
}
