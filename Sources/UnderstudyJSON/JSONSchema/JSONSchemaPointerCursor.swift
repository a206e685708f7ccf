/// Resolves pointers one after another inside one document, starting each from where the last
/// one shares its leading tokens rather than from the root. Compiling walks the document depth
/// first, and an OpenAPI document's schemas sit under objects of a thousand paths, whose members
/// a plain walk would scan for every schema; the cursor also indexes such large objects once.
struct JSONSchemaPointerCursor {
    let root: JSONValue
    private var trail: [Step] = []

    private struct Step {
        let token: String
        let value: JSONValue
        /// Each key's member offset (the last one for a repeated key), once the value is large.
        var index: [String: Int]?
    }

    /// Objects with more members than this are indexed rather than scanned.
    private static let scanLimit = 32

    init(root: JSONValue) { self.root = root }

    /// The value `tokens` lead to inside the root, or nil, as ``JSONSchemaPointer/resolve(_:in:)``.
    mutating func resolve(_ tokens: [String]) -> JSONValue? {
        var shared = 0
        while shared < trail.count, shared < tokens.count, trail[shared].token == tokens[shared] { shared += 1 }
        trail.removeSubrange(shared...)
        for token in tokens[shared...] {
            guard let next = step(token) else { return nil }
            trail.append(Step(token: token, value: next))
        }
        return trail.last?.value ?? root
    }

    private mutating func step(_ token: String) -> JSONValue? {
        let current = trail.last?.value ?? root
        guard case .object(let object) = current, object.count > Self.scanLimit else {
            return JSONSchemaPointer.resolve([token], in: current)
        }
        if trail.isEmpty { return object[token] }
        if trail[trail.count - 1].index == nil {
            var index: [String: Int] = [:]
            index.reserveCapacity(object.count)
            for (offset, member) in object.members.enumerated() { index[member.key] = offset }
            trail[trail.count - 1].index = index
        }
        return trail[trail.count - 1].index?[token].map { object.members[$0].value }
    }
}
