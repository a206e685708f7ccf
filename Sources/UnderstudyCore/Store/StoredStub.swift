/// A stub in the store with its place in the match order.
public struct StoredStub: Sendable {
    /// The stub.
    public let stub: StubMapping
    /// Higher is newer; among equal priorities the newest stub wins.
    public let insertionIndex: Int
    /// Where it came from: the API or a mapping file.
    public let origin: StubOrigin
    /// The literal path this stub is indexed under, or nil for the fallback list.
    let indexPath: String?
    /// Precomputed for fast near-miss ranking.
    let nearMissKey: NearMissKey

    init(stub: StubMapping, insertionIndex: Int, origin: StubOrigin) {
        self.stub = stub
        self.insertionIndex = insertionIndex
        self.origin = origin
        self.indexPath = stub.request.url?.literalPath
        self.nearMissKey = NearMissKey(
            stub.request, inScenario: stub.scenarioName != nil && stub.requiredScenarioState != nil)
    }

    /// True when `self` is tried before `other`: priority ascending, then newest first.
    func precedes(_ other: StoredStub) -> Bool {
        let p = stub.effectivePriority
        let q = other.stub.effectivePriority
        if p != q { return p < q }
        return insertionIndex > other.insertionIndex
    }
}

extension Array where Element == StoredStub {
    /// Inserts keeping match order (binary search).
    mutating func insertSorted(_ entry: StoredStub) {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid].precedes(entry) { low = mid + 1 } else { high = mid }
        }
        insert(entry, at: low)
    }

    mutating func remove(id: StubMapping.ID) {
        if let index = firstIndex(where: { $0.stub.id == id }) { remove(at: index) }
    }
}
