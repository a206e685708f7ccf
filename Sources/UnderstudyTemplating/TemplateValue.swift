import Foundation
import UnderstudyJSON

/// A value while a template renders: what paths find and helpers return.
///
/// Values live for one render on one thread, so they may hold the request model's lazy caches.
enum TemplateValue {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// Already-rendered text (a block's output): written as is, never HTML-escaped again.
    case safe(String)
    /// A list a helper built (`array`, `range`, `regexExtract` groups); printed as Java prints a list.
    case list([TemplateValue])
    /// A query, header, cookie or form value: prints its first value; `.[n]`, `first`, `last`.
    case multi([String])
    /// A JSON document or part of one (`parseJson`, `jsonPath`); objects and arrays print as JSON.
    case json(JSONValue)
    /// Named values in order (`formData`).
    case dictionary([(key: String, value: TemplateValue)])
    case date(TemplateDate)
    /// Part of the request model, resolved lazily.
    case model(any TemplateModel)
}

/// A lazily computed object in the request model (`request`, `request.path`, `request.headers`).
protocol TemplateModel: AnyObject {
    /// What `{{it}}` prints.
    var text: String { get }
    func member(_ name: String) -> TemplateValue?
    /// What `{{#each}}` walks: names and values in order.
    var entries: [(key: String, value: TemplateValue)] { get }
}

extension TemplateValue {
    init(_ literal: TemplateLiteral) {
        switch literal {
        case .string(let s): self = .string(s)
        case .int(let i): self = .int(i)
        case .double(let d): self = .double(d)
        case .bool(let b): self = .bool(b)
        case .null: self = .null
        }
    }

    /// The text `{{value}}` writes (before HTML escaping).
    var text: String {
        switch self {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return Self.javaText(d)
        case .string(let s), .safe(let s): return s
        case .list(let items): return "[" + items.map(\.text).joined(separator: ", ") + "]"
        case .multi(let values): return values.first ?? ""
        case .json(let json):
            switch json {
            case .null: return ""
            case .string(let s): return s
            case .number(let n): return n.text
            case .bool(let b): return b ? "true" : "false"
            case .array, .object: return JSONWriter.string(json)
            }
        case .dictionary(let pairs):
            return "{" + pairs.map { "\($0.key)=\($0.value.text)" }.joined(separator: ", ") + "}"
        case .date(let date): return date.text
        case .model(let model): return model.text
        }
    }

    /// Doubles as Java prints them: `3.0`, `0.25`.
    static func javaText(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        return String(value)
    }

    /// Handlebars.java's truth: null, false, 0, "" and empty lists are false.
    var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let b): return b
        case .int(let i): return i != 0
        case .double(let d): return d != 0
        case .string(let s), .safe(let s): return !s.isEmpty
        case .list(let items): return !items.isEmpty
        case .multi(let values): return !values.isEmpty
        case .json(let json):
            switch json {
            case .null: return false
            case .bool(let b): return b
            case .number(let n): return n.doubleValue != 0
            case .string(let s): return !s.isEmpty
            case .array(let a): return !a.isEmpty
            case .object: return true
            }
        case .dictionary, .date, .model: return true
        }
    }

    /// The value as a number, when it is one or is text that reads as one.
    var number: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        case .json(.number(let n)): return n.doubleValue
        case .string, .safe, .multi, .json(.string):
            return Double(text.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    /// The value as an integer, when it is a whole number.
    var integer: Int? {
        switch self {
        case .int(let i): return i
        default:
            if let i = Int(text.trimmingCharacters(in: .whitespaces)) { return i }
            guard let d = number, d.isFinite, d.rounded() == d, abs(d) < 9e18 else { return nil }
            return Int(d)
        }
    }

    /// The elements `{{#each}}` and `size` see, when the value is a collection.
    var elements: [TemplateValue]? {
        switch self {
        case .list(let items): return items
        case .multi(let values): return values.map { .string($0) }
        case .json(.array(let items)): return items.map { .json($0) }
        default: return nil
        }
    }

    /// Named members, for `{{#each}}` over an object.
    var namedEntries: [(key: String, value: TemplateValue)]? {
        switch self {
        case .json(.object(let object)): return object.members.map { ($0.key, .json($0.value)) }
        case .dictionary(let pairs): return pairs
        case .model(let model): return model.entries
        default: return nil
        }
    }

    /// A JSON version of the value, for `toJson` and for helpers that take JSON.
    var jsonValue: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .double(let d): return .double(d)
        case .string(let s), .safe(let s): return .string(s)
        case .list(let items): return .array(items.map(\.jsonValue))
        case .multi(let values): return values.count == 1 ? .string(values[0]) : .array(values.map { .string($0) })
        case .json(let json): return json
        case .dictionary(let pairs):
            return .object(JSONObject(pairs.map { JSONObject.Member(key: $0.key, value: $0.value.jsonValue) }))
        case .date(let date): return .string(date.text)
        case .model(let model):
            let entries = model.entries
            if entries.isEmpty { return .string(model.text) }
            return .object(JSONObject(entries.map { JSONObject.Member(key: $0.key, value: $0.value.jsonValue) }))
        }
    }

    /// `value.name`: a member, an index (`0`, `-1`), or `first`/`last` on a list.
    func member(_ name: String) -> TemplateValue? {
        switch self {
        case .model(let model): return model.member(name)
        case .json(.object(let object)): return object[name].map { .json($0) }
        case .dictionary(let pairs): return pairs.last { $0.key == name }?.value
        case .multi, .list, .json(.array):
            guard let items = elements else { return nil }
            return Self.element(of: items, named: name)
        default: return nil
        }
    }

    static func element(of items: [TemplateValue], named name: String) -> TemplateValue? {
        switch name {
        case "first": return items.first
        case "last": return items.last
        default:
            guard let index = Int(name) else { return nil }
            let resolved = index < 0 ? items.count + index : index
            return items.indices.contains(resolved) ? items[resolved] : nil
        }
    }
}

/// HTML escaping as Handlebars applies it to `{{…}}`.
enum HTMLEscaping {
    static func escape(_ text: String, into output: inout String) {
        guard text.utf8.contains(where: needsEscape) else {
            output += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#x27;"
            case "`": output += "&#x60;"
            case "=": output += "&#x3D;"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"),
            UInt8(ascii: "`"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }
}
