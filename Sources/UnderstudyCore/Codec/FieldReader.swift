import Foundation
import UnderstudyJSON

/// Typed access to the members of one JSON object, with errors that name the JSON pointer.
struct FieldReader {
    let object: JSONObject
    let pointer: String

    init(_ value: JSONValue, at pointer: String) throws(MappingError) {
        guard case .object(let object) = value else {
            throw .invalid(pointer, "Expected an object but found \(value.typeName)")
        }
        self.object = object
        self.pointer = pointer
    }

    func has(_ key: String) -> Bool {
        guard let value = object[key] else { return false }
        return !value.isNull
    }

    /// The member, treating JSON null as absent (WireMock does).
    func value(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    func string(_ key: String) throws(MappingError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let s) = value else {
            throw .invalid(path(key), "Expected a string but found \(value.typeName)")
        }
        return s
    }

    func bool(_ key: String) throws(MappingError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .bool(let b) = value else {
            throw .invalid(path(key), "Expected a boolean but found \(value.typeName)")
        }
        return b
    }

    func int(_ key: String) throws(MappingError) -> Int? {
        guard let value = value(key) else { return nil }
        // WireMock (Jackson) accepts numbers written as strings for numeric fields.
        if case .string(let s) = value, let i = Int(s.trimmingCharacters(in: .whitespaces)) { return i }
        guard case .number(let n) = value else {
            throw .invalid(path(key), "Expected an integer but found \(value.typeName)")
        }
        if let i = n.intValue { return i }
        // Jackson's ACCEPT_FLOAT_AS_INT, on by default: a fraction is cut toward zero (1.5 is 1);
        // a number out of an integer's range is still refused.
        let truncated = n.doubleValue.rounded(.towardZero)
        guard truncated.isFinite, abs(truncated) < 9.2e18 else {
            throw .invalid(path(key), "Expected an integer but found \(n.text), out of range")
        }
        return Int(truncated)
    }

    func double(_ key: String) throws(MappingError) -> Double? {
        guard let value = value(key) else { return nil }
        if case .string(let s) = value, let d = Double(s) { return d }
        guard case .number(let n) = value, n.doubleValue.isFinite else {
            throw .invalid(path(key), "Expected a number but found \(value.typeName)")
        }
        return n.doubleValue
    }

    func objectValue(_ key: String) throws(MappingError) -> JSONObject? {
        guard let value = value(key) else { return nil }
        guard case .object(let o) = value else {
            throw .invalid(path(key), "Expected an object but found \(value.typeName)")
        }
        return o
    }

    func array(_ key: String) throws(MappingError) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard case .array(let a) = value else {
            throw .invalid(path(key), "Expected an array but found \(value.typeName)")
        }
        return a
    }

    func path(_ key: String) -> String { UnderstudyCore.pointer(pointer, key) }
}
