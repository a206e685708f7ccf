import UnderstudyJSON

/// A key written twice in one object of a mapping: Jackson, and so WireMock, keeps the last value
/// (at the first key's place), and mappings are read the same way here.
extension JSONValue {
    /// True when some object in this value repeats a key. Allocates nothing for small objects,
    /// so every mapping can afford the check.
    var hasDuplicateKeys: Bool {
        switch self {
        case .object(let object):
            let members = object.members
            if members.count > 16 {
                if Set(members.lazy.map(\.key)).count != members.count { return true }
            } else if members.count > 1 {
                for i in 1..<members.count where members[..<i].contains(where: { $0.key == members[i].key }) {
                    return true
                }
            }
            return members.contains { $0.value.hasDuplicateKeys }
        case .array(let items):
            return items.contains { $0.hasDuplicateKeys }
        default:
            return false
        }
    }

    /// The pointer of every repeated key in this value (below `base`), in document order.
    func duplicateKeyPointers(at base: String = "") -> [String] {
        var found: [String] = []
        collectDuplicateKeys(at: base, into: &found)
        return found
    }

    private func collectDuplicateKeys(at base: String, into found: inout [String]) {
        switch self {
        case .object(let object):
            var seen = Set<String>()
            for member in object.members {
                let at = pointer(base, member.key)
                if object.count > 1, !seen.insert(member.key).inserted { found.append(at) }
                member.value.collectDuplicateKeys(at: at, into: &found)
            }
        case .array(let items):
            for (i, item) in items.enumerated() { item.collectDuplicateKeys(at: pointer(base, i), into: &found) }
        default:
            return
        }
    }

    /// This value with each object's repeated keys folded into one: the last value, at the place
    /// of the first key. Check ``hasDuplicateKeys`` first.
    func foldingDuplicateKeys() -> JSONValue {
        switch self {
        case .object(let object):
            var folded = JSONObject()
            for member in object.members { folded[member.key] = member.value.foldingDuplicateKeys() }
            return .object(folded)
        case .array(let items):
            return .array(items.map { $0.foldingDuplicateKeys() })
        default:
            return self
        }
    }
}
