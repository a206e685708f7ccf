import Foundation
import UnderstudyJSON
import UnderstudyXML

/// `formatJson` and `formatXml` (WireMock 3.10): the block, or the first parameter, rewritten
/// `pretty` (the default) or `compact`.
extension TemplateHelpers {
    static let formatting: [String: TemplateHelper] = [
        "formatJson": { call throws(RenderFailure) in
            try format(call, name: "formatJson", dataFormat: "JSON") { text, pretty in
                guard let document = try? JSONParser.parse(text) else {
                    return HelperInvocation.softError(
                        "There was an error parsing the json. Please make sure the json is valid")
                }
                return .string(JSONWriter.string(document, style: pretty ? .pretty : .compact))
            }
        },
        "formatXml": { call throws(RenderFailure) in
            try format(call, name: "formatXml", dataFormat: "XML") { text, pretty in
                guard let formatted = XMLFormatter.format(text, pretty: pretty) else {
                    return HelperInvocation.softError("Input is not valid XML")
                }
                return .string(formatted)
            }
        }
    ]

    private static func format(
        _ call: HelperInvocation, name: String, dataFormat: String, _ apply: (String, Bool) -> TemplateValue
    ) throws(RenderFailure) -> TemplateValue {
        let text: String
        if call.block != nil {
            text = try call.renderBody()
        } else if let input = call.param(0), let inputText = jsonText(input) {
            text = inputText
        } else {
            text = ""
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            return HelperInvocation.softError(
                "\(name) should take a block of \(dataFormat) to format or a single parameter of type String")
        }
        var pretty = true
        switch call.hash("format") {
        case nil: break
        case .string(let option)?, .safe(let option)?:
            guard option == "pretty" || option == "compact" else {
                return HelperInvocation.softError("\(name): format [\(option)] should be one of [pretty, compact]")
            }
            pretty = option == "pretty"
        case let option?:
            return HelperInvocation.softError(
                "\(name): format [\(option.text)] of type [\(javaTypeName(option)) should be a Format or a String and one of [pretty, compact]]"
            )
        }
        return apply(trimmed, pretty)
    }

    /// The Java class WireMock names in its message for a value of the wrong type.
    private static func javaTypeName(_ value: TemplateValue) -> String {
        switch value {
        case .int: return "java.lang.Integer"
        case .double: return "java.lang.Double"
        case .bool: return "java.lang.Boolean"
        default: return "java.lang.Object"
        }
    }
}
