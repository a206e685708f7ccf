import UnderstudyJSON
import UnderstudyXML

/// `jsonPath`, `parseJson`, `toJson`, and `xPath`/`soapXPath` for XML bodies.
extension TemplateHelpers {
    static let json: [String: TemplateHelper] = [
        "jsonPath": { call in
            guard let input = call.param(0), !isNull(input) else { return .string("") }
            guard let expression = call.param(1)?.text, !expression.isEmpty else {
                return HelperInvocation.softError("The JSONPath cannot be empty")
            }
            // As WireMock 2 renders it: an empty or non-JSON input (a GET's body) gives "", not an error.
            guard let document = jsonDocument(input, call.renderer) else { return .string("") }
            guard
                let path = call.preparedJSONPath
                    ?? PatternCaches.jsonPath.value(for: expression, compile: { try? JSONPath($0) })
            else {
                return HelperInvocation.softError("\(expression) is not a valid JSONPath expression")
            }
            switch path.evaluate(document) {
            case .definite(let value):
                guard let value, !value.isNull else { return call.hash("default") ?? .string("") }
                return .json(value)
            case .indefinite(let values):
                return .json(.array(values))
            }
        },
        "parseJson": { call throws(RenderFailure) in
            let text: TemplateValue
            let variable: String?
            if call.block != nil {
                text = .string(try call.renderBody())
                variable = call.param(0)?.text
            } else {
                text = call.param(0) ?? .null
                variable = call.param(1)?.text
            }
            // WireMock 3 parses an empty or absent body (a GET's) to an empty object, without error.
            let empty = isNull(text) || text.text.allSatisfy(\.isWhitespace)
            guard let document = empty ? .object([:]) : jsonDocument(text, call.renderer) else {
                return HelperInvocation.softError("\(text.text) is not valid JSON")
            }
            guard let variable else { return .json(document) }
            call.assign(variable, .json(document))
            return .null
        },
        "toJson": { call in
            .string(JSONWriter.string((call.param(0) ?? .null).jsonValue))
        },
        "xPath": { call in xPath(call, prefix: "") },
        "soapXPath": { call in xPath(call, prefix: "/Envelope/Body/") }
    ]

    static func isNull(_ value: TemplateValue) -> Bool {
        if case .null = value { return true }
        return false
    }

    /// A JSON value from a helper argument: as is when it already is JSON, else parsed from its
    /// text (the last text parsed is remembered for the rest of the render).
    static func jsonDocument(_ value: TemplateValue, _ renderer: TemplateRenderer) -> JSONValue? {
        switch value {
        // A JSON string is text to parse, as WireMock reads it: `message.body` of a message stub.
        case .json(let json) where json.stringValue == nil: return json
        case .list, .dictionary: return value.jsonValue
        // `request.path` is its list of segments, as WireMock 2 hands it to JsonPath (`'[3]'`).
        case .model(let path as TemplatePathModel): return .array(path.segments.map { .string($0) })
        default: break
        }
        let text = value.text
        if let cached = renderer.parsedJSON, cached.text == text { return cached.value }
        let parsed = try? JSONParser.parse(text)
        renderer.parsedJSON = (text, parsed)
        return parsed
    }

    private static func xPath(_ call: HelperInvocation, prefix: String) -> TemplateValue {
        let xml = (call.param(0) ?? .null).text
        guard var expression = call.param(1)?.text, !expression.isEmpty else {
            return HelperInvocation.softError("The XPath expression cannot be empty")
        }
        if !prefix.isEmpty {
            while expression.hasPrefix("./") || expression.hasPrefix("/") { expression.removeFirst() }
            expression = prefix + expression
        }
        guard let query = PatternCaches.xPath.value(for: expression, compile: { try? XPathQuery(expression: $0) })
        else {
            return HelperInvocation.softError("\(expression) is not a valid XPath expression")
        }
        guard let values = query.values(in: xml) else { return HelperInvocation.softError("\(xml) is not valid XML") }
        guard !values.isEmpty else { return call.hash("default") ?? .string("") }
        return .multi(values)
    }
}
