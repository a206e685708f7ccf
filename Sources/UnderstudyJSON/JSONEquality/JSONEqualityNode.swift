/// The expected document of an `equalToJson` pattern, compiled once: placeholders recognised, regexes
/// compiled, object keys indexed and the literal scalars of every array counted for order-free matching.
indirect enum JSONEqualityNode: Sendable {
    /// `null`, a boolean, a number or a string that is not a placeholder.
    case scalar(JSONValue)
    case placeholder(JSONEqualityPlaceholder)
    case array(JSONEqualityArray)
    case object(JSONEqualityObject)

    init(compiling value: JSONValue, options: JSONEqualityOptions) throws {
        switch value {
        case .null, .bool, .number:
            self = .scalar(value)
        case .string(let text):
            if let placeholder = try JSONEqualityPlaceholder.recognise(text) {
                self = .placeholder(placeholder)
            } else {
                self = .scalar(value)
            }
        case .array(let elements):
            let nodes = try elements.map { try JSONEqualityNode(compiling: $0, options: options) }
            self = .array(JSONEqualityArray(elements: nodes, options: options))
        case .object(let object):
            self = .object(try JSONEqualityObject(compiling: object, options: options))
        }
    }

    /// The literal scalar this node stands for, or nil for containers and placeholders.
    var literalScalar: JSONValue? {
        if case .scalar(let value) = self { return value }
        return nil
    }

    /// Whether the node may be left out of an object altogether (`${json-unit.ignore-element}`).
    var mayBeAbsent: Bool {
        if case .placeholder(let placeholder) = self, case .ignoreElement = placeholder.kind { return true }
        return false
    }

    /// The node as JSON again (placeholders as their text), for messages.
    var jsonValue: JSONValue {
        switch self {
        case .scalar(let value): return value
        case .placeholder(let placeholder): return .string(placeholder.text)
        case .array(let array): return .array(array.elements.map(\.jsonValue))
        case .object(let object):
            return .object(JSONObject(object.members.map { JSONObject.Member(key: $0.key, value: $0.node.jsonValue) }))
        }
    }

    /// WireMock's node count for this subtree (see `JSONNodeWeight`).
    var weight: Int {
        switch self {
        case .scalar, .placeholder: return 1
        case .array(let array): return JSONNodeWeight.container(array.elements.lazy.map { ($0.weight, $0.isContainer) })
        case .object(let object):
            return JSONNodeWeight.container(object.members.lazy.map { ($0.node.weight, $0.node.isContainer) })
        }
    }

    /// Whether no placeholder occurs anywhere in this subtree.
    var isLiteral: Bool {
        switch self {
        case .scalar: return true
        case .placeholder: return false
        case .array(let array): return array.isLiteral
        case .object(let object): return object.isLiteral
        }
    }

    var isContainer: Bool {
        switch self {
        case .array, .object: return true
        case .scalar, .placeholder: return false
        }
    }
}

/// An expected array, with its literal elements grouped so that `ignoreArrayOrder` can pair them by counting
/// instead of searching: scalars by value, and (when extra elements are not ignored, which makes equality an
/// equivalence) placeholder-free containers by `JSONCanonicalHash`.
struct JSONEqualityArray: Sendable {
    let elements: [JSONEqualityNode]
    /// Expected indices of the literal scalar elements, by value (numbers by value, so `1` and `1.0` share a slot).
    let scalarIndices: [JSONValue: [Int]]
    /// Expected indices of placeholder-free containers, by canonical hash (only when order-free and exact).
    let literalContainerIndices: [Int: [Int]]
    /// Expected indices of everything else, paired by search.
    let otherIndices: [Int]
    let isLiteral: Bool

    init(elements: [JSONEqualityNode], options: JSONEqualityOptions) {
        self.elements = elements
        let bucketsContainers = options.ignoreArrayOrder && !options.ignoreExtraElements
        var scalars: [JSONValue: [Int]] = [:]
        var containers: [Int: [Int]] = [:]
        var others: [Int] = []
        var literal = true
        for (index, element) in elements.enumerated() {
            let elementIsLiteral = element.isLiteral
            literal = literal && elementIsLiteral
            if let scalar = element.literalScalar {
                scalars[scalar, default: []].append(index)
            } else if bucketsContainers && elementIsLiteral {
                containers[JSONCanonicalHash.of(element.jsonValue, ignoringArrayOrder: true), default: []].append(index)
            } else {
                others.append(index)
            }
        }
        // Reversed so that popping from the end hands out the lowest expected index first.
        scalarIndices = scalars.mapValues { Array($0.reversed()) }
        literalContainerIndices = containers.mapValues { Array($0.reversed()) }
        otherIndices = others
        isLiteral = literal
    }
}

/// An expected object: members with duplicate keys collapsed (the last one wins, as `JSONObject` reads them)
/// and a key set for spotting extra members in one hash lookup each.
struct JSONEqualityObject: Sendable {
    struct Member: Sendable {
        let key: String
        let node: JSONEqualityNode
    }

    let members: [Member]
    let keys: Set<String>
    let isLiteral: Bool

    init(compiling object: JSONObject, options: JSONEqualityOptions) throws {
        var seen = Set<String>()
        var reversedMembers: [Member] = []
        for member in object.members.reversed() where seen.insert(member.key).inserted {
            let node = try JSONEqualityNode(compiling: member.value, options: options)
            reversedMembers.append(Member(key: member.key, node: node))
        }
        members = reversedMembers.reversed()
        keys = seen
        isLiteral = members.allSatisfy { $0.node.isLiteral }
    }
}
