/// The top-level context of a template that is not a response's: a few named values, such as a
/// webhook's `originalRequest` and `originalResponse`, or a message stub's `request` and `message`.
final class TemplateNamedValues: TemplateModel {
    private let names: [String]
    private let values: [TemplateValue]

    init(_ named: [(String, TemplateValue)]) {
        names = named.map(\.0)
        values = named.map(\.1)
    }

    var text: String { "" }

    func member(_ name: String) -> TemplateValue? {
        names.firstIndex(of: name).map { values[$0] }
    }

    var entries: [(key: String, value: TemplateValue)] {
        zip(names, values).map { (key: $0, value: $1) }
    }
}
