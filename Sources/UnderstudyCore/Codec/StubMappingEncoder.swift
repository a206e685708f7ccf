import Foundation
import UnderstudyJSON

extension StubMapping {
    /// The stub as WireMock 3.x writes it: `id` and its alias `uuid`, then the rest, with absent
    /// fields left out.
    public var json: JSONValue {
        var object: JSONObject = ["id": .string(id.lowercasedString)]
        if let name { object["name"] = .string(name) }
        object["request"] = request.json
        object["response"] = response.json
        object["uuid"] = .string(id.lowercasedString)
        if let persistent { object["persistent"] = .bool(persistent) }
        if let priority { object["priority"] = .int(priority) }
        if let scenarioName { object["scenarioName"] = .string(scenarioName) }
        if let requiredScenarioState { object["requiredScenarioState"] = .string(requiredScenarioState) }
        if let newScenarioState { object["newScenarioState"] = .string(newScenarioState) }
        if let postServeActions { object["postServeActions"] = postServeActions }
        if let serveEventListeners { object["serveEventListeners"] = serveEventListeners }
        var metadata = self.metadata ?? [:]
        if let reason = request.cannotMatch { metadata["understudyCannotMatch"] = .string(reason) }
        if !metadata.isEmpty { object["metadata"] = .object(metadata) }
        return .object(object)
    }
}

extension RequestPattern {
    /// The pattern as WireMock writes a mapping's `request`.
    public var json: JSONValue {
        if cannotMatch != nil, let originalJSON { return originalJSON }
        var object = JSONObject()
        if let scheme { object["scheme"] = .string(scheme) }
        if let host { object["host"] = host.json }
        if let port { object["port"] = .int(port) }
        if let url { object[url.key] = .string(url.text) }
        object["method"] = method.json
        if !headers.isEmpty {
            object["headers"] = .object(JSONObject(headers.map { .init(key: $0.name, value: $0.pattern.json) }))
        }
        if !pathParameters.isEmpty {
            object["pathParameters"] = .object(
                JSONObject(pathParameters.map { .init(key: $0.name, value: $0.pattern.json) }))
        }
        if !queryParameters.isEmpty {
            object["queryParameters"] = .object(
                JSONObject(queryParameters.map { .init(key: $0.name, value: $0.pattern.json) }))
        }
        if !formParameters.isEmpty {
            object["formParameters"] = .object(
                JSONObject(formParameters.map { .init(key: $0.name, value: $0.pattern.json) }))
        }
        if !cookies.isEmpty {
            object["cookies"] = .object(JSONObject(cookies.map { .init(key: $0.name, value: $0.pattern.json) }))
        }
        if let basicAuthCredentials {
            object["basicAuthCredentials"] = [
                "username": .string(basicAuthCredentials.username), "password": .string(basicAuthCredentials.password)
            ]
        }
        if let digestAuthCredentials { object["digestAuthCredentials"] = digestAuthCredentials.json }
        if !bodyPatterns.isEmpty { object["bodyPatterns"] = .array(bodyPatterns.map(\.json)) }
        if !multipartPatterns.isEmpty { object["multipartPatterns"] = .array(multipartPatterns.map(\.json)) }
        if let clientIp { object["clientIp"] = clientIp.json }
        if let graphQL {
            object["customMatcher"] = [
                "name": .string(GraphQLOperationPattern.matcherName), "parameters": graphQL.parameters
            ]
        }
        return .object(object)
    }
}

extension MultipartPattern {
    /// The pattern as WireMock writes one entry of `multipartPatterns`.
    public var json: JSONValue {
        var object = JSONObject()
        if let name { object["name"] = .string(name) }
        object["matchingType"] = .string(matchingType.rawValue)
        if !headers.isEmpty {
            object["headers"] = .object(JSONObject(headers.map { .init(key: $0.name, value: $0.pattern.json) }))
        }
        if !bodyPatterns.isEmpty { object["bodyPatterns"] = .array(bodyPatterns.map(\.json)) }
        return .object(object)
    }
}

extension MultiValuePattern {
    /// The matcher as WireMock writes it.
    public var json: JSONValue {
        switch self {
        case .single(let pattern): return pattern.json
        case .hasExactly(let patterns): return ["hasExactly": .array(patterns.map(\.json))]
        case .includes(let patterns): return ["includes": .array(patterns.map(\.json))]
        }
    }
}

extension StringValuePattern {
    /// The matcher as WireMock JSON, e.g. `{"equalTo":"x","caseInsensitive":true}`.
    public var json: JSONValue {
        .object(jsonObject)
    }

    var jsonObject: JSONObject {
        switch self {
        case .equalTo(let value, let caseInsensitive):
            var o: JSONObject = ["equalTo": .string(value)]
            if caseInsensitive { o["caseInsensitive"] = true }
            return o
        case .contains(let value): return ["contains": .string(value)]
        case .doesNotContain(let value): return ["doesNotContain": .string(value)]
        case .matches(let regex): return ["matches": .string(regex.source)]
        case .doesNotMatch(let regex): return ["doesNotMatch": .string(regex.source)]
        case .absent: return ["absent": true]
        case .anything(let text): return ["anything": .string(text)]
        case .not(let inner): return ["not": inner.json]
        case .and(let patterns): return ["and": .array(patterns.map(\.json))]
        case .or(let patterns): return ["or": .array(patterns.map(\.json))]
        case .equalToJson(let equality, let writtenAsString):
            var o: JSONObject = [
                "equalToJson": writtenAsString ? .string(JSONWriter.string(equality.expected)) : equality.expected
            ]
            if equality.ignoreArrayOrder { o["ignoreArrayOrder"] = true }
            if equality.ignoreExtraElements { o["ignoreExtraElements"] = true }
            return o
        case .matchesJsonPath(let match):
            guard let inner = match.valuePattern else { return ["matchesJsonPath": .string(match.path.expression)] }
            var nested: JSONObject = ["expression": .string(match.path.expression)]
            for member in inner.jsonObject { nested[member.key] = member.value }
            return ["matchesJsonPath": .object(nested)]
        case .matchesJsonSchema(let validator):
            return [
                "matchesJsonSchema": .string(JSONWriter.string(validator.schema)),
                "schemaVersion": .string(validator.version.rawValue)
            ]
        case .equalToXml(let match):
            var o: JSONObject = ["equalToXml": .string(match.expected)]
            for member in match.options { o[member.key] = member.value }
            return o
        case .matchesXPath(let match):
            var o = JSONObject()
            if let inner = match.valuePattern {
                var nested: JSONObject = ["expression": .string(match.expression)]
                for member in inner.jsonObject { nested[member.key] = member.value }
                o["matchesXPath"] = .object(nested)
            } else {
                o["matchesXPath"] = .string(match.expression)
            }
            if !match.namespaces.isEmpty {
                o["xPathNamespaces"] = .object(
                    JSONObject(
                        match.namespaces.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: .string($0.value)) }
                    ))
            }
            return o
        case .binaryEqualTo(let data): return ["binaryEqualTo": .string(data.base64EncodedString())]
        case .dateTime(let pattern):
            var o: JSONObject = [pattern.operator.rawValue: .string(pattern.expected)]
            if let format = pattern.actualFormat { o["actualFormat"] = .string(format) }
            if let truncation = pattern.truncateExpected?.rawValue { o["truncateExpected"] = .string(truncation) }
            if let truncation = pattern.truncateActual?.rawValue { o["truncateActual"] = .string(truncation) }
            if pattern.applyTruncationLast { o["applyTruncationLast"] = true }
            if let offset = pattern.expectedOffset { o["expectedOffset"] = .int(offset) }
            if let unit = pattern.expectedOffsetUnit { o["expectedOffsetUnit"] = .string(unit) }
            return o
        }
    }
}

extension ResponseDefinition {
    /// The response as WireMock writes a mapping's `response`.
    public var json: JSONValue {
        var object: JSONObject = ["status": .int(status)]
        if let statusMessage { object["statusMessage"] = .string(statusMessage) }
        switch body {
        case .text(let text): object["body"] = .string(text)
        case .json(let value): object["jsonBody"] = value
        case .binary(let data): object["base64Body"] = .string(data.base64EncodedString())
        case .file(let name): object["bodyFileName"] = .string(name)
        case nil: break
        }
        if !headers.isEmpty { object["headers"] = NamedValues.json(headers) }
        if let fixedDelayMilliseconds { object["fixedDelayMilliseconds"] = .int(fixedDelayMilliseconds) }
        if let delayDistribution { object["delayDistribution"] = delayDistribution.json }
        if let chunkedDribbleDelay {
            object["chunkedDribbleDelay"] = [
                "numberOfChunks": .int(chunkedDribbleDelay.numberOfChunks),
                "totalDuration": .int(chunkedDribbleDelay.totalDuration)
            ]
        }
        if let serverSentEvents { object["serverSentEvents"] = serverSentEvents.json }
        if let bodyChunks { object["bodyChunks"] = .array(bodyChunks.map(\.json)) }
        if let fault { object["fault"] = .string(fault.rawValue) }
        if let digestChallenge { object["digestChallenge"] = digestChallenge.json }
        if let proxy {
            object["proxyBaseUrl"] = .string(proxy.baseURL)
            if let prefix = proxy.urlPrefixToRemove { object["proxyUrlPrefixToRemove"] = .string(prefix) }
            if !proxy.additionalRequestHeaders.isEmpty {
                object["additionalProxyRequestHeaders"] = NamedValues.json(proxy.additionalRequestHeaders)
            }
            if !proxy.removeRequestHeaders.isEmpty {
                object["removeProxyRequestHeaders"] = .array(proxy.removeRequestHeaders.map { .string($0) })
            }
        }
        if !transformers.isEmpty { object["transformers"] = .array(transformers.map { .string($0) }) }
        if let transformerParameters { object["transformerParameters"] = .object(transformerParameters) }
        if let fromConfiguredStub { object["fromConfiguredStub"] = .bool(fromConfiguredStub) }
        return .object(object)
    }
}

extension NamedValues {
    /// Headers as WireMock writes them: one value as a string, several as an array.
    public static func json(_ list: [NamedValues]) -> JSONValue {
        .object(
            JSONObject(
                list.map { header in
                    .init(
                        key: header.name,
                        value: header.values.count == 1
                            ? .string(header.values[0]) : .array(header.values.map { .string($0) }))
                }))
    }
}

extension DelayDistribution {
    /// The distribution as WireMock writes `delayDistribution`.
    public var json: JSONValue {
        switch self {
        case .lognormal(let median, let sigma, let maxValue):
            var o: JSONObject = ["type": "lognormal", "median": .double(median), "sigma": .double(sigma)]
            if let maxValue { o["maxValue"] = .double(maxValue) }
            return .object(o)
        case .uniform(let lower, let upper): return ["type": "uniform", "lower": .int(lower), "upper": .int(upper)]
        case .fixed(let ms): return ["type": "fixed", "milliseconds": .int(ms)]
        }
    }
}

extension RequestMethod {
    /// `"GET"`, `"ANY"`, or `{"oneOf":[…]}` / `{"noneOf":[…]}` with the list as written.
    public var json: JSONValue {
        switch self {
        case .any, .token: return .string(description)
        case .oneOf(let list):
            return .object(JSONObject([.init(key: "oneOf", value: .array(list.map { .string($0) }))]))
        case .noneOf(let list):
            return .object(JSONObject([.init(key: "noneOf", value: .array(list.map { .string($0) }))]))
        }
    }
}
