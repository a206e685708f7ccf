import Foundation
import RandomSupport
import Testing

@testable import UnderstudyCore

/// The near-miss search prunes stubs it can prove are not among the closest three; these tests
/// hold it to ``ReferenceNearMiss`` (every stub scored) on seeded random corpora: the same stubs
/// in the same order, the same distances to the bit, the same scenario states, the same diff text.
@Suite struct NearMissDifferentialTests {
    @Test(arguments: 0..<24)
    func mixedCorpusAgreesWithTheReference(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) &* 7919 &+ 17)
        let corpus = NearMissCorpus(random: &random)
        let store = try corpus.store(stubCount: random.pick([1, 2, 3, 5, 40, 300]), random: &random)
        for index in 0..<40 {
            try expectSameNearMisses(corpus.request(from: store, random: &random), store, "seed \(seed) #\(index)")
        }
    }

    /// Many stubs of one shape (`/items/N`), as in the benchmark: near and far requests, many ties.
    @Test(arguments: 0..<4)
    func numberedItemsAgreeWithTheReference(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) &+ 1000)
        let store = StubStore()
        let count = 1_500
        for i in 0..<count {
            let key = random.chance(50) ? "url" : "urlPath"
            let method = random.chance(90) ? "GET" : "POST"
            try store.add(stub(#"{"request":{"method":"\#(method)","\#(key)":"/items/\#(i)"}}"#))
        }
        let shapes: [(inout SeededRandom) -> String] = [
            { "/items/\(Int.random(in: count..<99_999, using: &$0))" },
            { "/items/\(Int.random(in: 0..<count, using: &$0))?page=\(Int.random(in: 0..<9, using: &$0))" },
            { "/items/\(Int.random(in: 0..<count, using: &$0))/reviews" },
            { "/users/\(Int.random(in: 0..<99_999, using: &$0))" },
            { "/no/such/thing/\(Int.random(in: 0..<999, using: &$0))" },
            { "/itemz/\(Int.random(in: 0..<count, using: &$0))" },
            { _ in "/" }
        ]
        for index in 0..<60 {
            let url = random.pick(shapes)(&random)
            try expectSameNearMisses(
                request(random.chance(80) ? "GET" : "PUT", url), store, "items seed \(seed) #\(index) \(url)")
        }
    }

    private func expectSameNearMisses(_ request: LoggedRequest, _ store: StubStore, _ label: String) throws {
        let states = store.scenarioStates
        let expected = ReferenceNearMiss.nearest(to: request, among: store.stubs, scenarioStates: states)
        let scanned = NearMissCalculator.nearest(to: request, among: store.storedStubs, scenarioStates: states)
        #expect(scanned.map(\.stub?.id) == expected.map(\.stub?.id), "\(label): full scan of \(request.url)")
        let actual = store.nearMisses(to: request)
        #expect(actual.map(\.stub?.id) == expected.map(\.stub?.id), "\(label): ranking of \(request.url)")
        #expect(actual.map(\.distance) == expected.map(\.distance), "\(label): distances for \(request.url)")
        #expect(actual.map(\.scenarioState) == expected.map(\.scenarioState), "\(label): scenario states")
        for (a, e) in zip(actual, expected) {
            #expect(DiffRenderer.render(a) == DiffRenderer.render(e), "\(label): diff text for \(request.url)")
        }
    }
}
