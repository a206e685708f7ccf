/// What happens to a request that breaks the contract.
public enum OpenAPIValidationMode: String, Sendable, CaseIterable {
    /// Answer as usual and record the violations (the default).
    case report
    /// Answer 400 with an `application/problem+json` list of the violations, or 405 with
    /// `Allow` for a documented path asked with an undocumented method.
    case enforce
}
