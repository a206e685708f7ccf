/// One row of a near-miss diff: what the stub expected on the left, what the request had on
/// the right, and the name of the part when they disagree.
public struct DiffRow: Sendable, Equatable {
    /// What the stub expected, as the diff shows it.
    public var expected: String
    /// What the request had.
    public var actual: String
    /// For example "URL" or "Header"; nil when the row matched.
    public var mismatch: String?

    /// A row; `mismatch` says why the two differ, nil when they agree.
    public init(expected: String, actual: String, mismatch: String? = nil) {
        self.expected = expected
        self.actual = actual
        self.mismatch = mismatch
    }

    static let spacer = DiffRow(expected: "", actual: "")
}
