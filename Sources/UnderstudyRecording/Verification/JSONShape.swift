import UnderstudyJSON

/// The shape of a JSON value: its type, an object's fields and their shapes, and one shape for
/// all of an array's elements (the fields any element has). Values themselves are left behind,
/// so a shape can be printed without printing what the service sent.
indirect enum JSONShape: Equatable, Sendable {
    /// `null`: no type to compare, so it agrees with any other shape.
    case null
    case boolean
    case number
    case string
    /// The elements' shape, merged; nil for an empty array.
    case array(JSONShape?)
    /// Fields in the order first seen.
    case object([(key: String, shape: JSONShape)])
    /// Elements of an array that were not all of one type: their type names.
    case mixed([String])

    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool: self = .boolean
        case .number: self = .number
        case .string: self = .string
        case .array(let items): self = .array(items.map(JSONShape.init).reduce(nil) { $0?.merged($1) ?? $1 })
        case .object(let object): self = .object(object.members.map { ($0.key, JSONShape($0.value)) })
        }
    }

    /// The type's name, as a difference reports it.
    var name: String {
        switch self {
        case .null: "null"
        case .boolean: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        case .mixed(let names): names.joined(separator: " or ")
        }
    }

    /// One shape for two elements of an array: objects take every field either has.
    func merged(_ other: JSONShape) -> JSONShape {
        switch (self, other) {
        case (.null, _): return other
        case (_, .null): return self
        case (.object(let mine), .object(let theirs)):
            var fields = mine
            for field in theirs {
                if let index = fields.firstIndex(where: { $0.key == field.key }) {
                    fields[index].shape = fields[index].shape.merged(field.shape)
                } else {
                    fields.append(field)
                }
            }
            return .object(fields)
        case (.array(let mine), .array(let theirs)):
            guard let mine, let theirs else { return .array(mine ?? theirs) }
            return .array(mine.merged(theirs))
        default:
            if name == other.name { return self }
            let names = Set(kinds + other.kinds)
            return .mixed(names.sorted())
        }
    }

    private var kinds: [String] {
        if case .mixed(let names) = self { return names }
        return [name]
    }

    static func == (lhs: JSONShape, rhs: JSONShape) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null), (.boolean, .boolean), (.number, .number), (.string, .string): return true
        case (.array(let a), .array(let b)): return a == b
        case (.mixed(let a), .mixed(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.shape == $1.shape }
        default: return false
        }
    }
}

/// How a live JSON body's shape differs from a recorded one's: fields added, fields removed,
/// values of another type, and the same for array elements (written `*` in a path). A `null` on
/// either side is not a difference: a value seen as null says nothing about its type.
public enum JSONShapeDifference {
    /// One line per difference, each starting with a JSON-pointer-like path (`/items/*/price`).
    public static func differences(recorded: JSONValue, live: JSONValue) -> [String] {
        var result: [String] = []
        compare(JSONShape(recorded), JSONShape(live), path: "", into: &result)
        return result
    }

    private static func compare(_ recorded: JSONShape, _ live: JSONShape, path: String, into result: inout [String]) {
        let place = path.isEmpty ? "/" : path
        switch (recorded, live) {
        case (.null, _), (_, .null):
            return
        case (.object(let old), .object(let new)):
            for field in old {
                let child = path + "/" + JSONSchemaPointer.escape(field.key)
                guard let now = new.first(where: { $0.key == field.key }) else {
                    result.append("\(child): field removed (was \(field.shape.name))")
                    continue
                }
                compare(field.shape, now.shape, path: child, into: &result)
            }
            for field in new where !old.contains(where: { $0.key == field.key }) {
                result.append("\(path)/\(JSONSchemaPointer.escape(field.key)): field added (\(field.shape.name))")
            }
        case (.array(let old), .array(let new)):
            // An empty array on either side shows no element to compare.
            guard let old, let new else { return }
            compare(old, new, path: path + "/*", into: &result)
        default:
            if recorded.name != live.name {
                result.append("\(place): was \(recorded.name), now \(live.name)")
            }
        }
    }
}
