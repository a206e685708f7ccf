import Foundation

/// A compiled JSONPath expression with the semantics of Jayway JsonPath, which WireMock's
/// `matchesJsonPath` uses.
///
/// The expression is parsed once, here; `evaluate` only walks the compiled steps.
///
/// Supported: `$` and `@`; `.name` and `['name']`/`["name"]`, several names `['a','b']`;
/// indices `[0]`, `[-1]`, unions `[0,2]`, slices `[1:3]`, `[:2]`, `[-2:]`; wildcards `.*`
/// and `[*]`; deep scan `..name`, `..*`, `..[0]`, `..[?()]`; filters `[?( … )]` with `==`,
/// `!=`, `===`, `!==`, `<`, `<=`, `>`, `>=`, `=~ /regex/flags`, `in`, `nin`, `subsetof`,
/// `anyof`, `noneof`, `size`, `empty`, `contains`, `all`, `&&`, `||`, `!`, parentheses and
/// literals (numbers, quoted strings, `true`, `false`, `null`, JSON arrays and objects);
/// and, at the end of a path, `length()`, `size()`, `min()`, `max()`, `avg()`, `sum()`,
/// `stddev()`, `keys()`, `first()`, `last()`. A path without `$` (`a.b`) is read as `$.a.b`,
/// as Jayway does.
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    /// The expression as given.
    public let expression: String
    let compiled: CompiledPath

    /// Compiles `expression`, throwing `JSONPathError` with the position of the first mistake.
    public init(_ expression: String) throws {
        self.expression = expression
        self.compiled = try JSONPathParser.compile(expression)
    }

    /// True when the path can name at most one value, as Jayway decides it: no wildcard, deep
    /// scan, filter, slice or union. (`$['a','b']` at the end is definite: Jayway merges the
    /// names into one object. `$..x.sum()` is definite: the function sees every `x` at once.)
    public var isDefinite: Bool { compiled.isDefinite }

    /// Every value the path finds in `root`.
    public func evaluate(_ root: JSONValue) -> JSONPathResult {
        JSONPathEvaluator(root: root).evaluate(compiled, current: root)
    }

    /// WireMock's `matchesJsonPath` rule without a sub-matcher.
    ///
    /// * Definite path: matches when the value exists and is not JSON `null` (Jayway reads
    ///   `null` as Java's null, which WireMock rejects). An empty array or object **does**
    ///   match (WireMock PR #3190, 2025; older releases
    ///   rejected empty containers).
    /// * Indefinite path: matches when at least one value is found, whatever it is.
    public func hasMatch(_ root: JSONValue) -> Bool {
        switch evaluate(root) {
        case .definite(let value):
            guard let value else { return false }
            return !value.isNull
        case .indefinite(let values):
            return !values.isEmpty
        }
    }

    public var description: String { expression }

    /// Two paths are equal when they were written the same way.
    public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool {
        lhs.expression == rhs.expression
    }
}
