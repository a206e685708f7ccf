// TEMPORARY: signatures of pieces being built on helper branches. Never committed.
import Foundation
public struct JSONPathError: Error, Sendable, Equatable, CustomStringConvertible { public let message: String; public let position: Int?; public var description: String { message } }
public enum JSONPathResult: Sendable, Equatable { case definite(JSONValue?); case indefinite([JSONValue]) }
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    public init(_ expression: String) throws { self.expression = expression }
    public let expression: String
    public var isDefinite: Bool { true }
    public func evaluate(_ root: JSONValue) -> JSONPathResult { .definite(nil) }
    public func hasMatch(_ root: JSONValue) -> Bool { false }
    public var description: String { expression }
}
public struct JSONSchemaValidator: Sendable, Equatable {
    public enum Version: String, Sendable, CaseIterable { case v4 = "V4", v6 = "V6", v7 = "V7", v201909 = "V201909", v202012 = "V202012" }
    public init(schema: JSONValue, version: Version = .v202012) throws { self.schema = schema; self.version = version }
    public let schema: JSONValue
    public let version: Version
    public func isValid(_ instance: JSONValue) -> Bool { false }
}
public struct XMLEquality: Sendable, Equatable {
    public enum NamespaceAwareness: String, Sendable { case legacy = "LEGACY", strict = "STRICT", none = "NONE" }
    public init(expected: String, enablePlaceholders: Bool = false, placeholderOpeningDelimiterRegex: String? = nil, placeholderClosingDelimiterRegex: String? = nil, exemptedComparisons: [String] = [], ignoreOrderOfSameNode: Bool = false, namespaceAwareness: NamespaceAwareness? = nil) throws {}
    public func matches(_ actual: String) -> Bool { false }
    public func distance(_ actual: String) -> Double { 1 }
}
public struct XPathQuery: Sendable, Equatable {
    public init(expression: String, namespaces: [String: String] = [:]) throws {}
    public func values(in xml: String) -> [String]? { nil }
    public func hasMatch(in xml: String) -> Bool { false }
}
