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
///
/// Semantics worth knowing (Jayway's, unless marked otherwise):
/// * A missing member, an index out of range, or a step that does not fit the value (a name
///   on an array, an index on an object) finds nothing; it never fails.
/// * A filter on an array tests each element; on an object it tests the object itself and
///   yields it; on anything else it finds nothing.
/// * `==` compares numbers by value and coerces across number and string as Jayway does:
///   `@.n == '2'` matches the number 2, and `@.s == 2` matches the string "2". A missing
///   value equals nothing, so `@.x != 1` matches elements without `x`.
/// * `<`, `<=`, `>`, `>=` order numbers with numbers and strings with strings (UTF-16 order);
///   a number against a string never matches. (Newer Jayway compares such pairs as text; the
///   no-match rule is a deliberate choice here.)
/// * `=~` must match the whole text (Java's `matches()`), numbers and booleans are matched
///   as text, an array matches when any element does, and a missing value is matched as "".
/// * `@.isbn` alone means the member exists, even when its value is null; for an indefinite
///   path it means something was found. `!` negates any term, so `!@.isbn` means "absent".
/// * `..` walks the document in pre-order. `..[?( )]` tests objects only (Jayway's walk does
///   not test scalars), so it finds every matching object at any depth.
/// * `['a','b']` as the last step gives one object holding the members present (maybe `{}`);
///   elsewhere, and after `..`, it gives each member found.
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
