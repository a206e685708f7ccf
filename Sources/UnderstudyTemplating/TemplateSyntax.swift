import UnderstudyJSON

/// Where something sits in a template's source: a 1-based line and a 0-based column, the way
/// Handlebars.java (and so WireMock) reports positions in its error messages.
public struct TemplatePosition: Sendable, Hashable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// Byte offset into the source, to show the line in error messages.
    var offset: Int

    public var description: String { "\(line):\(column)" }
}

/// A literal written in a template: `'text'`, `"text"`, `42`, `-1.5`, `true`, `false`, `null`.
enum TemplateLiteral: Sendable, Hashable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
}

/// A path such as `request.path.[1]`, `this`, `../name`, `@index` or `[odd-name]`.
struct TemplatePath: Sendable, Hashable {
    /// How many `../` it starts with.
    var parentDepth: Int
    /// True for `@name` data variables (`@index`, `@key`, `@first`, `@last`, `@root`).
    var isData: Bool
    /// True when the path starts at the current context explicitly (`this`, `.`, `./x`).
    var isThis: Bool
    /// The member names after any `this`; empty means the context itself.
    var segments: [String]
}

/// Something that gives a value when a template renders.
indirect enum TemplateExpression: Sendable {
    case literal(TemplateLiteral)
    case path(TemplatePath, TemplatePosition)
    /// A helper with its parameters and hash arguments (`name p1 p2 key=value`), or a
    /// subexpression `(name …)`.
    case call(HelperCallSyntax)
}

/// A helper call as written.
struct HelperCallSyntax: Sendable {
    var name: String
    var params: [TemplateExpression]
    var hash: [(key: String, value: TemplateExpression)]
    var position: TemplatePosition
    /// A block on a plain path (`{{#items}}…{{/items}}`): a Mustache section on `params[0]`.
    var isSection = false
    /// The helper, looked up once when parsed.
    var helper: TemplateHelper?
    /// A pattern argument given as a literal, compiled once when parsed (`jsonPath x '$.name'`).
    var preparedJSONPath: JSONPath?

    /// A call of helper `name`, with the helper resolved and literal patterns compiled now.
    static func resolved(
        name: String, params: [TemplateExpression], hash: [(key: String, value: TemplateExpression)],
        position: TemplatePosition
    ) -> HelperCallSyntax {
        var call = HelperCallSyntax(name: name, params: params, hash: hash, position: position)
        call.helper = TemplateHelpers.all[name]
        if name == "jsonPath", params.count > 1, case .literal(.string(let expression)) = params[1] {
            call.preparedJSONPath = try? JSONPath(expression)
        }
        return call
    }
}

/// `{{#name …}}body{{else}}inverse{{/name}}`.
struct TemplateBlock: Sendable {
    var call: HelperCallSyntax
    /// `as |item index|`.
    var blockParams: [String]
    var body: [TemplateNode]
    var inverse: [TemplateNode]?
    /// `{{^name}}…{{/name}}`: an inverted section, rendered when the value is falsy.
    var isInverted: Bool
}

/// One piece of a parsed template.
enum TemplateNode: Sendable {
    case text(String)
    /// `{{expr}}` (HTML-escaped) or `{{{expr}}}` / `{{& expr}}` (raw).
    case output(TemplateExpression, escaped: Bool)
    case block(TemplateBlock)
    /// `{{> name context key=value}}`.
    case partial(TemplatePartialCall)
}

/// `{{> name}}`: another template rendered in place, with the current context or the one given,
/// and hash arguments visible as names inside it.
struct TemplatePartialCall: Sendable {
    /// A literal name (`{{> item}}`, `{{> 'dir/item.json'}}`) or a subexpression that gives one.
    var name: TemplateExpression
    var context: TemplateExpression?
    var hash: [(key: String, value: TemplateExpression)]
    var position: TemplatePosition
}
