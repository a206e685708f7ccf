/// Every helper a template can call, by name: Handlebars' built-ins, the jknack string,
/// number, conditional and assign helpers WireMock registers, and WireMock's own.
enum TemplateHelpers {
    static let all: [String: TemplateHelper] = {
        var helpers: [String: TemplateHelper] = [:]
        for group in [
            builtIns, logic, strings, encoding, json, collections, random, dates, system, arrayEdits, jsonEdits,
            jsonSorting, formatting, jwt
        ] {
            helpers.merge(group) { first, _ in first }
        }
        return helpers
    }()

    static func isHelper(_ name: String) -> Bool { all[name] != nil }
}
