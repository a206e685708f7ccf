/// A hash that agrees with `equalToJson` equality of placeholder-free documents when extra elements are not
/// ignored: member order never matters, numbers hash by value, and array order is left out when it is ignored.
/// Equal documents always hash alike, so it can bucket candidates; a shared hash still needs a real comparison.
enum JSONCanonicalHash {
    static func of(_ value: JSONValue, ignoringArrayOrder: Bool) -> Int {
        var hasher = Hasher()
        combine(value, ignoringArrayOrder, into: &hasher)
        return hasher.finalize()
    }

    private static func combine(_ value: JSONValue, _ unordered: Bool, into hasher: inout Hasher) {
        switch value {
        case .null:
            hasher.combine(0)
        case .bool(let flag):
            hasher.combine(1)
            hasher.combine(flag)
        case .number(let number):
            hasher.combine(2)
            // Exactly equal decimals parse to the same double, so hashing the double respects value equality.
            hasher.combine(number.doubleValue)
        case .string(let text):
            hasher.combine(3)
            hasher.combine(text)
        case .array(let elements):
            hasher.combine(4)
            hasher.combine(elements.count)
            if unordered {
                var sum = 0
                for element in elements { sum &+= of(element, ignoringArrayOrder: true) }
                hasher.combine(sum)
            } else {
                for element in elements { combine(element, false, into: &hasher) }
            }
        case .object(let object):
            hasher.combine(5)
            // Duplicate keys collapse to the last value, as matching reads them.
            let members =
                hasDuplicateKeys(object.members)
                ? object.dictionary.map { JSONObject.Member(key: $0.key, value: $0.value) } : object.members
            hasher.combine(members.count)
            var sum = 0
            for member in members {
                var memberHasher = Hasher()
                memberHasher.combine(member.key)
                combine(member.value, unordered, into: &memberHasher)
                sum &+= memberHasher.finalize()
            }
            hasher.combine(sum)
        }
    }

    private static func hasDuplicateKeys(_ members: [JSONObject.Member]) -> Bool {
        if members.count < 2 { return false }
        if members.count <= 8 {
            for i in members.indices {
                for j in members.index(after: i)..<members.endIndex where members[i].key == members[j].key {
                    return true
                }
            }
            return false
        }
        var seen = Set<String>(minimumCapacity: members.count)
        for member in members where !seen.insert(member.key).inserted { return true }
        return false
    }
}
