import Foundation
import UnderstudyJSON

/// Decodes WireMock's `response` object.
enum ResponseDefinitionDecoder {
    static func decode(_ value: JSONValue, at pointer: String) throws(MappingError) -> ResponseDefinition {
        let reader = try FieldReader(value, at: pointer)
        var response = ResponseDefinition()
        let status = try reader.int("status") ?? 200
        // WireMock turns a status of zero or less into 200.
        response.status = status <= 0 ? 200 : status
        guard response.status <= 999 else {
            throw .invalid(reader.path("status"), "Status \(status) is not a three-digit HTTP status")
        }
        response.statusMessage = try reader.string("statusMessage")
        response.headers = try headers(reader, "headers")
        response.body = try body(reader)
        response.fixedDelayMilliseconds = try reader.int("fixedDelayMilliseconds")
        if let delay = reader.value("delayDistribution") {
            response.delayDistribution = try distribution(delay, at: reader.path("delayDistribution"))
        }
        if let dribble = reader.value("chunkedDribbleDelay") {
            let d = try FieldReader(dribble, at: reader.path("chunkedDribbleDelay"))
            let chunks = try d.int("numberOfChunks") ?? 1
            let total = try d.int("totalDuration") ?? 0
            guard chunks >= 1, total >= 0 else {
                throw .invalid(
                    reader.path("chunkedDribbleDelay"),
                    "numberOfChunks must be at least 1 and totalDuration not negative")
            }
            response.chunkedDribbleDelay = ChunkedDribbleDelay(numberOfChunks: chunks, totalDuration: total)
        }
        if let faultName = try reader.string("fault") {
            guard let fault = Fault(rawValue: faultName) else {
                let names = Fault.allCases.map(\.rawValue).joined(separator: ", ")
                throw .invalid(reader.path("fault"), "Unknown fault '\(faultName)'; use one of \(names)")
            }
            response.fault = fault
        }
        if let base = try reader.string("proxyBaseUrl") {
            var proxy = ProxySettings(baseURL: base)
            proxy.urlPrefixToRemove = try reader.string("proxyUrlPrefixToRemove")
            proxy.additionalRequestHeaders = try headers(reader, "additionalProxyRequestHeaders")
            for (i, name) in (try reader.array("removeProxyRequestHeaders") ?? []).enumerated() {
                proxy.removeRequestHeaders.append(
                    try StringValuePatternDecoder.text(
                        name, UnderstudyCore.pointer(reader.path("removeProxyRequestHeaders"), i)))
            }
            response.proxy = proxy
        }
        if let transformers = try reader.array("transformers") {
            for (i, name) in transformers.enumerated() {
                response.transformers.append(
                    try StringValuePatternDecoder.text(name, UnderstudyCore.pointer(reader.path("transformers"), i)))
            }
        }
        response.transformerParameters = try reader.objectValue("transformerParameters")
        response.fromConfiguredStub = try reader.bool("fromConfiguredStub")
        if let events = reader.value("serverSentEvents") {
            response.serverSentEvents = try ServerSentEventsCodec.decode(events, at: reader.path("serverSentEvents"))
        }
        if let chunks = try reader.array("bodyChunks") {
            response.bodyChunks = try BodyChunksCodec.decode(chunks, at: reader.path("bodyChunks"))
        }
        if let challenge = reader.value("digestChallenge") {
            response.digestChallenge = try DigestAuthCodec.challenge(challenge, at: reader.path("digestChallenge"))
        }
        try refuseStreamConflicts(response, reader)
        return response
    }

    /// A streamed response is its own body: nothing else may say what the body is or how it goes out.
    static func refuseStreamConflicts(_ response: ResponseDefinition, _ reader: FieldReader) throws(MappingError) {
        for key in ["serverSentEvents", "bodyChunks"] where reader.has(key) {
            let others = [
                "body", "jsonBody", "base64Body", "bodyFileName", "chunkedDribbleDelay", "fault", "proxyBaseUrl",
                key == "bodyChunks" ? "serverSentEvents" : "bodyChunks"
            ].filter(reader.has)
            if let other = others.first {
                throw .invalid(
                    reader.path(key),
                    "\(key) is the whole response body, so it cannot go with \(other); remove one of them")
            }
        }
    }

    static func body(_ reader: FieldReader) throws(MappingError) -> ResponseBody? {
        if let value = reader.value("body") {
            // 4.x allows a body object; 3.x takes text. Accept text, and JSON written inline.
            if case .string(let text) = value { return .text(text) }
            return .json(value)
        }
        if let json = reader.value("jsonBody") { return .json(json) }
        if let encoded = try reader.string("base64Body") {
            guard let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters) else {
                throw .invalid(reader.path("base64Body"), "base64Body is not valid base64")
            }
            return .binary(data)
        }
        if let file = try reader.string("bodyFileName") {
            guard !file.isEmpty else { throw .invalid(reader.path("bodyFileName"), "bodyFileName is empty") }
            return .file(file)
        }
        return nil
    }

    static func headers(_ reader: FieldReader, _ key: String) throws(MappingError) -> [NamedValues] {
        guard let object = try reader.objectValue(key) else { return [] }
        var result: [NamedValues] = []
        for member in object {
            let at = UnderstudyCore.pointer(reader.path(key), member.key)
            switch member.value {
            case .array(let items):
                var values: [String] = []
                for (i, item) in items.enumerated() {
                    values.append(try StringValuePatternDecoder.text(item, UnderstudyCore.pointer(at, i)))
                }
                result.append(NamedValues(member.key, values))
            default:
                result.append(NamedValues(member.key, try StringValuePatternDecoder.text(member.value, at)))
            }
        }
        return result
    }

    static func distribution(_ value: JSONValue, at pointer: String) throws(MappingError) -> DelayDistribution {
        let reader = try FieldReader(value, at: pointer)
        switch try reader.string("type") {
        case "lognormal":
            // Any numbers, as WireMock reads them: a negative median gives no delay, and a
            // negative sigma the same spread as its opposite.
            let median = try reader.double("median") ?? 0
            let sigma = try reader.double("sigma") ?? 0
            return .lognormal(median: median, sigma: sigma, maxValue: try reader.double("maxValue"))
        case "uniform":
            let lower = try reader.int("lower") ?? 0
            let upper = try reader.int("upper") ?? lower
            guard lower >= 0, upper >= lower else { throw .invalid(pointer, "uniform needs 0 <= lower <= upper") }
            return .uniform(lower: lower, upper: upper)
        case "fixed":
            let ms = try reader.int("milliseconds") ?? 0
            guard ms >= 0 else { throw .invalid(pointer, "milliseconds must not be negative") }
            return .fixed(milliseconds: ms)
        case let other:
            throw .invalid(
                reader.path("type"), "Unknown delay distribution '\(other ?? "")'; use lognormal, uniform or fixed")
        }
    }
}
