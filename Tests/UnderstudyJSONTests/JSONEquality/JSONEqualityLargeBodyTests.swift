import Foundation
import Testing
import UnderstudyJSON

/// Big bodies must stay polynomial: these would not finish if pairing were a naive permutation search.
@Suite struct JSONEqualityLargeBodyTests {
    static func record(_ index: Int) -> JSONValue {
        ["id": .int(index), "name": .string("item \(index)"), "tags": ["a", .int(index % 7)]]
    }

    /// A fixed pseudo-random permutation of 0..<count (a multiplicative step coprime with count).
    static func shuffled(_ count: Int) -> [Int] {
        (0..<count).map { ($0 * 7_919 + 13) % count }
    }

    @Test func tenThousandObjectsInOrder() throws {
        let expected = JSONValue.array((0..<10_000).map(Self.record))
        let pattern = try JSONEquality(expected: expected)
        #expect(pattern.matches(expected))
        var changed = (0..<10_000).map(Self.record)
        changed[9_999] = ["id": 9_999, "name": "other", "tags": ["a", .int(9_999 % 7)]]
        #expect(!pattern.matches(.array(changed)))
        #expect(pattern.differences(.array(changed)) == [#"$[9999].name: expected "item 9999" but was "other""#])
        #expect(pattern.distance(.array(changed)) > 0)
    }

    @Test func tenThousandScalarsReversedWithIgnoredOrder() throws {
        let values = (0..<10_000).map { JSONValue.int($0 % 5_000) }
        let pattern = try JSONEquality(expected: .array(values), ignoreArrayOrder: true)
        #expect(pattern.matches(.array(values.reversed())))
        var changed = Array(values.reversed())
        changed[0] = 123_456
        #expect(!pattern.matches(.array(changed)))
        #expect(pattern.differences(.array(changed)).count == 1)
    }

    @Test func twoThousandObjectsReversedWithIgnoredOrder() throws {
        let records = (0..<2_000).map(Self.record)
        let pattern = try JSONEquality(expected: .array(records), ignoreArrayOrder: true)
        #expect(pattern.matches(.array(records.reversed())))
    }

    /// Pairwise search would need ~50 million comparisons here; hash buckets make it linear.
    @Test func tenThousandObjectsShuffledWithIgnoredOrder() throws {
        let pattern = try JSONEquality(expected: .array((0..<10_000).map(Self.record)), ignoreArrayOrder: true)
        let shuffled = Self.shuffled(10_000).map(Self.record)
        #expect(pattern.matches(.array(shuffled)))
        var changed = shuffled
        changed[5_000] = ["id": -1]
        #expect(!pattern.matches(.array(changed)))
        // One element swapped for another: JsonUnit reports the differences inside that element.
        let differences = pattern.differences(.array(changed))
        #expect(differences.count == 3)
        #expect(differences.allSatisfy { $0.hasPrefix("$[5000].") })
    }

    @Test func fiveHundredObjectsShuffledWithIgnoredOrderAndExtras() throws {
        let records = (0..<500).map(Self.record)
        let pattern = try JSONEquality(expected: .array(records), ignoreArrayOrder: true, ignoreExtraElements: true)
        let shuffled = Self.shuffled(500).map(Self.record) + [["id": -1]]
        #expect(Set(Self.shuffled(500)).count == 500)
        #expect(pattern.matches(.array(shuffled)))
        #expect(!pattern.matches(.array(Array(shuffled.dropFirst()))))
    }

    @Test func objectWithFiveThousandMembersInAnotherOrder() throws {
        let members = (0..<5_000).map { JSONObject.Member(key: "k\($0)", value: .int($0)) }
        let pattern = try JSONEquality(expected: .object(JSONObject(members)))
        #expect(pattern.matches(.object(JSONObject(members.reversed()))))
        let extra = members + [JSONObject.Member(key: "extra", value: true)]
        #expect(!pattern.matches(.object(JSONObject(extra))))
        #expect(
            try JSONEquality(expected: .object(JSONObject(members)), ignoreExtraElements: true)
                .matches(.object(JSONObject(extra.reversed()))))
    }
}
