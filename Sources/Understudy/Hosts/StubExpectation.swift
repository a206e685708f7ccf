import Foundation
import UnderstudyCore
import UnderstudyJSON

/// How many times a stub is expected to be used, kept in the stub's `metadata` under
/// `understudyExpected` (so it shows in the admin API's JSON), checked by strict mode.
public struct StubExpectation: Sendable, Equatable {
    /// The metadata key.
    public static let metadataKey = "understudyExpected"

    /// The stubs that count (one, or every step of a sequence).
    public var stubIDs: [UUID]
    /// How many uses are expected.
    public var count: VerificationCount
    /// The stub's name or the first id, for messages.
    public var label: String

    /// How many journalled requests these stubs answered.
    package func uses(in journal: RequestJournal) -> Int {
        let ids = Set(stubIDs)
        return journal.events.filter { $0.stub.map { ids.contains($0.id) } ?? false }.count
    }

    /// Every expectation recorded on the stubs of `store`.
    package static func all(in store: StubStore) -> [StubExpectation] {
        store.stubs.compactMap(\.expectation)
    }

    init(stubIDs: [UUID], count: VerificationCount, label: String) {
        self.stubIDs = stubIDs
        self.count = count
        self.label = label
    }

    init?(metadata: JSONValue?, stub: StubMapping) {
        guard let object = metadata?.objectValue, let mode = object["mode"]?.stringValue,
            let times = object["times"]?.numberValue.flatMap({ Int($0.text) })
        else { return nil }
        let ids =
            object["stubIds"]?.arrayValue?.compactMap { $0.stringValue.flatMap(UUID.init(uuidString:)) } ?? [stub.id]
        switch mode {
        case "exactly": count = .exactly(times)
        case "atLeast": count = .atLeast(times)
        case "atMost": count = .atMost(times)
        default: return nil
        }
        stubIDs = ids
        label = stub.name ?? stub.id.lowercasedString
    }

    var metadata: JSONValue {
        let (mode, times): (String, Int)
        switch count {
        case .exactly(let n): (mode, times) = ("exactly", n)
        case .atLeast(let n): (mode, times) = ("atLeast", n)
        case .atMost(let n): (mode, times) = ("atMost", n)
        }
        return .object([
            "mode": .string(mode), "times": .number(JSONNumber(times)),
            "stubIds": .array(stubIDs.map { .string($0.lowercasedString) })
        ])
    }
}

extension StubHandle {
    /// Marks the stub as expected to be used exactly `times` times; strict mode (the
    /// `UnderstudyTesting` traits) records an issue at the end of the test otherwise.
    @discardableResult
    public func expected(times: Int) -> StubHandle {
        expected(.exactly(times))
    }

    /// Marks the stub as expected to be used `count` times (`.atLeast(1)`, `.atMost(2)` …).
    @discardableResult
    public func expected(_ count: VerificationCount) -> StubHandle {
        guard let first = ids.first, var stub = store.stub(id: first) else { return self }
        stub.expectation = StubExpectation(stubIDs: ids, count: count, label: stub.name ?? first.lowercasedString)
        _ = store.replace(stub)
        return self
    }
}
