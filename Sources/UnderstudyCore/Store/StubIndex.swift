/// Stubs arranged for fast selection: those with a literal path (`url`, `urlPath`) in buckets
/// keyed by that path, the rest in one fallback list; each list is in match order, so a lookup
/// merges two short lists instead of scanning every stub.
struct StubIndex: Sendable {
    private(set) var byID: [StubMapping.ID: StoredStub] = [:]
    private(set) var buckets: [String: [StoredStub]] = [:]
    private(set) var fallback: [StoredStub] = []
    /// Every stub in match order, kept until the next change (listing and near misses read it often).
    private var orderedCache: [StoredStub]?
    /// The near-miss search structure, kept until the next change like ``orderedCache``.
    private var nearMissCache: NearMissIndex?

    var count: Int { byID.count }

    /// The near-miss search structure if a miss since the last change has built it; nil otherwise.
    var builtNearMissIndex: NearMissIndex? { nearMissCache }

    mutating func insert(_ entry: StoredStub) {
        orderedCache = nil
        nearMissCache = nil
        byID[entry.stub.id] = entry
        if let path = entry.indexPath {
            buckets[path, default: []].insertSorted(entry)
        } else {
            fallback.insertSorted(entry)
        }
    }

    @discardableResult
    mutating func remove(_ id: StubMapping.ID) -> StoredStub? {
        guard let entry = byID.removeValue(forKey: id) else { return nil }
        orderedCache = nil
        nearMissCache = nil
        if let path = entry.indexPath {
            buckets[path]?.remove(id: id)
            if buckets[path]?.isEmpty == true { buckets[path] = nil }
        } else {
            fallback.remove(id: id)
        }
        return entry
    }

    mutating func removeAll() {
        self = StubIndex()
    }

    /// The candidates for a request path: its bucket and the fallback list (both in match order).
    func candidates(forPath path: String) -> (bucket: [StoredStub], fallback: [StoredStub]) {
        (buckets[path] ?? [], fallback)
    }

    /// The near-miss search structure for the current stubs.
    mutating func nearMissIndex() -> NearMissIndex {
        if let nearMissCache { return nearMissCache }
        let index = NearMissIndex(ordered())
        nearMissCache = index
        return index
    }

    /// Every stub in match order.
    mutating func ordered() -> [StoredStub] {
        if let orderedCache { return orderedCache }
        let sorted = byID.values.sorted { $0.precedes($1) }
        orderedCache = sorted
        return sorted
    }
}
