import UnderstudyJSON

/// Decodes WireMock's `request` object.
enum RequestPatternDecoder {
    static let urlKeys = ["url", "urlPattern", "urlPath", "urlPathPattern", "urlPathTemplate"]

    static func decode(_ value: JSONValue, at pointer: String) throws(MappingError) -> RequestPattern {
        let reader = try FieldReader(value, at: pointer)
        var pattern = RequestPattern()
        if let method = reader.value("method") {
            pattern.method = try self.method(method, at: reader.path("method"))
        }
        pattern.url = try url(reader)
        if let parameters = try reader.objectValue("pathParameters") {
            guard case .urlPathTemplate(let template)? = pattern.url else {
                throw .invalid(reader.path("pathParameters"), "pathParameters need a urlPathTemplate")
            }
            let names = Set(template.variableNames)
            for member in parameters {
                let at = UnderstudyCore.pointer(reader.path("pathParameters"), member.key)
                guard names.contains(member.key) else {
                    throw .invalid(at, "'\(member.key)' is not a variable of the path template '\(template.template)'")
                }
                pattern.pathParameters.append(
                    NamedPattern(member.key, try StringValuePatternDecoder.decode(member.value, at: at)))
            }
        }
        pattern.headers = try multiValueMap(reader, "headers")
        pattern.queryParameters = try multiValueMap(reader, "queryParameters")
        pattern.formParameters = try multiValueMap(reader, "formParameters")
        if let cookies = try reader.objectValue("cookies") {
            for member in cookies {
                let at = UnderstudyCore.pointer(reader.path("cookies"), member.key)
                pattern.cookies.append(
                    NamedPattern(member.key, try StringValuePatternDecoder.decode(member.value, at: at)))
            }
        }
        // The documented key is `basicAuthCredentials`; Jackson's creator also takes `basicAuth`.
        let authKey = reader.has("basicAuthCredentials") ? "basicAuthCredentials" : "basicAuth"
        if let auth = reader.value(authKey) {
            let credentials = try FieldReader(auth, at: reader.path(authKey))
            pattern.basicAuthCredentials = BasicCredentials(
                username: try credentials.string("username") ?? "",
                password: try credentials.string("password") ?? "")
        }
        if let digest = reader.value("digestAuthCredentials") {
            pattern.digestAuthCredentials = try DigestAuthCodec.credentials(
                digest, at: reader.path("digestAuthCredentials"))
        }
        if let bodies = try reader.array("bodyPatterns") {
            for (i, body) in bodies.enumerated() {
                pattern.bodyPatterns.append(
                    try StringValuePatternDecoder.decode(
                        body, at: UnderstudyCore.pointer(reader.path("bodyPatterns"), i)))
            }
        }
        if let parts = try reader.array("multipartPatterns") {
            for (i, part) in parts.enumerated() {
                pattern.multipartPatterns.append(
                    try multipart(part, at: UnderstudyCore.pointer(reader.path("multipartPatterns"), i)))
            }
        }
        pattern.scheme = try reader.string("scheme")
        if let host = reader.value("host") {
            pattern.host = try StringValuePatternDecoder.decode(host, at: reader.path("host"))
        }
        pattern.port = try reader.int("port")
        if let clientIp = reader.value("clientIp") {
            pattern.clientIp = try StringValuePatternDecoder.decode(clientIp, at: reader.path("clientIp"))
        }
        if let custom = reader.value("customMatcher") {
            let pointer = reader.path("customMatcher")
            guard custom["name"]?.stringValue == GraphQLOperationPattern.matcherName else {
                throw .cannotEvaluate(
                    pointer,
                    "customMatcher '\(custom["name"]?.stringValue ?? "")' needs a Java extension, which Understudy cannot load; express the match with the built-in matchers (graphql-body-matcher is built in)"
                )
            }
            pattern.graphQL = try GraphQLOperationPattern(
                parameters: custom["parameters"] ?? .object(JSONObject()), at: pointer + "/parameters")
        }
        return pattern
    }

    static func url(_ reader: FieldReader) throws(MappingError) -> URLMatcher? {
        guard let key = urlKeys.first(where: { reader.has($0) }), let text = try reader.string(key) else { return nil }
        switch key {
        case "url": return .url(text)
        case "urlPath": return .urlPath(text)
        case "urlPattern": return .urlPattern(try StringValuePatternDecoder.regex(.string(text), reader.path(key)))
        case "urlPathPattern":
            return .urlPathPattern(try StringValuePatternDecoder.regex(.string(text), reader.path(key)))
        default:
            do {
                return .urlPathTemplate(try PathTemplate(text))
            } catch {
                throw .invalid(reader.path(key), error.message)
            }
        }
    }

    static func multiValueMap(_ reader: FieldReader, _ key: String) throws(MappingError) -> [NamedPattern<
        MultiValuePattern
    >] {
        guard let object = try reader.objectValue(key) else { return [] }
        var result: [NamedPattern<MultiValuePattern>] = []
        for member in object {
            let at = UnderstudyCore.pointer(reader.path(key), member.key)
            result.append(
                NamedPattern(member.key, try StringValuePatternDecoder.decodeMultiValue(member.value, at: at)))
        }
        return result
    }

    static func multipart(_ value: JSONValue, at pointer: String) throws(MappingError) -> MultipartPattern {
        let reader = try FieldReader(value, at: pointer)
        var part = MultipartPattern(name: try reader.string("name"))
        if let type = try reader.string("matchingType") {
            guard let matchingType = MultipartPattern.MatchingType(rawValue: type) else {
                throw .invalid(reader.path("matchingType"), "matchingType must be ANY or ALL")
            }
            part.matchingType = matchingType
        }
        part.headers = try multiValueMap(reader, "headers")
        if let bodies = try reader.array("bodyPatterns") {
            for (i, body) in bodies.enumerated() {
                part.bodyPatterns.append(
                    try StringValuePatternDecoder.decode(
                        body, at: UnderstudyCore.pointer(reader.path("bodyPatterns"), i)))
            }
        }
        return part
    }
}
