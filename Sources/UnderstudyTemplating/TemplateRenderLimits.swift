/// How much work one render may do before it fails with a ``TemplateError``.
///
/// An `each` inside an `each` over `range` multiplies, and `assign` in a loop can double a
/// string each pass: a stub must never tie up a thread for minutes or fill the memory.
struct TemplateRenderLimits: Sendable {
    /// Nodes and loop passes walked.
    var steps: Int
    /// Text one render, or one helper, may produce (a `randomValue` alone may be 1 MB).
    var outputBytes: Int

    static let standard = TemplateRenderLimits(steps: 5_000_000, outputBytes: 16 << 20)
}
