// TEMPORARY: signatures of pieces being built on helper branches. Never committed.
import Foundation
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
