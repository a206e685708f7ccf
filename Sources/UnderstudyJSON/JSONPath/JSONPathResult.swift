import Foundation

/// What a JSONPath expression found in a document.
///
/// Jayway JsonPath, which WireMock uses, returns a single value for a *definite* path
/// (one that can name at most one node) and a list for every other path. The two cases are
/// kept apart because WireMock's `matchesJsonPath` treats them differently.
public enum JSONPathResult: Sendable, Equatable {
    /// A definite path: the single value, or nil when the path does not exist in the document.
    case definite(JSONValue?)
    /// Wildcards, deep scan, filters, slices and unions: every value found, in document order
    /// (maybe none).
    case indefinite([JSONValue])

    /// Every value found, as a list: zero or one for a definite path.
    public var values: [JSONValue] {
        switch self {
        case .definite(let value): return value.map { [$0] } ?? []
        case .indefinite(let values): return values
        }
    }
}
