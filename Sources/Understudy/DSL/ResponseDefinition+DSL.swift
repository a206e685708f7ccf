import Foundation
import UnderstudyCore
import UnderstudyJSON

/// Swift shorthands that build WireMock responses; each one is what its WireMock JSON says
/// (`.ok(json:)` is WireMock's `okJson`: the text as `body` with `Content-Type: application/json`).
extension ResponseDefinition {
    /// 200 with no body.
    public static func ok() -> ResponseDefinition { ResponseDefinition(status: 200) }
    /// 200 with this JSON text (`body`, as written) and `Content-Type: application/json`:
    /// `.ok(json: #"{"id":1}"#)`.
    public static func ok(json: String) -> ResponseDefinition { status(200).json(json) }
    /// 200 with this JSON value (`jsonBody`) and `Content-Type: application/json`:
    /// `.ok(json: ["id": 1, "tags": ["a"]])`.
    public static func ok(json: JSONValue) -> ResponseDefinition { status(200).json(json) }
    /// 200 with this JSON value: say ``ok(json:)-(JSONValue)``, the one name for a JSON answer.
    @available(*, deprecated, renamed: "ok(json:)")
    public static func ok(jsonBody: JSONValue) -> ResponseDefinition { ok(json: jsonBody) }
    /// 200 with this text body.
    public static func ok(body: String) -> ResponseDefinition { status(200).body(body) }
    /// 200 with a body read from `__files` (`bodyFileName`).
    public static func ok(bodyFile: String) -> ResponseDefinition { status(200).bodyFile(bodyFile) }
    /// 201 with no body.
    public static func created() -> ResponseDefinition { status(201) }
    /// 201 with this JSON text and `Content-Type: application/json`.
    public static func created(json: String) -> ResponseDefinition { status(201).json(json) }
    /// 201 with this JSON value (`jsonBody`) and `Content-Type: application/json`.
    public static func created(json: JSONValue) -> ResponseDefinition { status(201).json(json) }
    /// 202 with no body.
    public static func accepted() -> ResponseDefinition { status(202) }
    /// 204.
    public static func noContent() -> ResponseDefinition { status(204) }
    /// Any status with no body.
    public static func status(_ code: Int) -> ResponseDefinition { ResponseDefinition(status: code) }

    /// 401 with a `WWW-Authenticate` challenge. Served by the server transport only: on Linux a
    /// URLProtocol that answers a challenge hands the retry to the real network, so in-process
    /// fails fast instead.
    public static func unauthorized(challenge: AuthChallenge) -> ResponseDefinition {
        guard let digest = challenge.digest else {
            return status(401).header("WWW-Authenticate", challenge.headerValue)
        }
        var response = status(401)
        response.digestChallenge = digest
        return response
    }

    /// A redirect (`Location` header, 302 unless told). URLSession follows it over the server
    /// transport; in-process fails fast, since corelibs crashes on redirects from a URLProtocol.
    public static func redirect(to location: String, status code: Int = 302) -> ResponseDefinition {
        status(code).header("Location", location)
    }

    /// A socket-level fault (`fault`). In-process it becomes the `URLError` that URLSession
    /// reports for the same fault from the server.
    public static func fault(_ fault: Fault) -> ResponseDefinition {
        ResponseDefinition(fault: fault)
    }

    /// Adds a header; a name may repeat.
    public func header(_ name: String, _ value: String) -> ResponseDefinition {
        var copy = self
        if let i = copy.headers.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
            copy.headers[i].values.append(value)
        } else {
            copy.headers.append(NamedValues(name, value))
        }
        return copy
    }

    /// Sets the body to this JSON text (`body`) and `Content-Type: application/json`.
    public func json(_ text: String) -> ResponseDefinition {
        var copy = settingContentType("application/json")
        copy.body = .text(text)
        return copy
    }

    /// Sets the body to this JSON value (`jsonBody`) and `Content-Type: application/json`:
    /// `.status(422).json(["error": "taken"])`.
    public func json(_ value: JSONValue) -> ResponseDefinition {
        var copy = settingContentType("application/json")
        copy.body = .json(value)
        return copy
    }

    /// Sets the body to this JSON value: say ``json(_:)-(JSONValue)``, the one name for a JSON body.
    @available(*, deprecated, renamed: "json(_:)")
    public func jsonBody(_ value: JSONValue) -> ResponseDefinition { json(value) }

    /// Sets a text body (`body`).
    public func body(_ text: String) -> ResponseDefinition {
        var copy = self
        copy.body = .text(text)
        return copy
    }

    /// Sets a binary body (`base64Body`).
    public func body(_ data: Data) -> ResponseDefinition {
        var copy = self
        copy.body = .binary(data)
        return copy
    }

    /// Reads the body from `__files` (`bodyFileName`); the host needs a root folder.
    public func bodyFile(_ name: String) -> ResponseDefinition {
        var copy = self
        copy.body = .file(name)
        return copy
    }

    /// A fixed delay before the response (`fixedDelayMilliseconds`, whole milliseconds).
    public func delay(_ duration: Duration) -> ResponseDefinition {
        var copy = self
        copy.fixedDelayMilliseconds = Int(duration.wholeMilliseconds)
        return copy
    }

    /// A random delay (`delayDistribution`), e.g. `.delay(.lognormal(median: .milliseconds(80), sigma: 0.4))`.
    public func delay(_ distribution: DelayDistribution) -> ResponseDefinition {
        var copy = self
        copy.delayDistribution = distribution
        return copy
    }

    /// Sends the body in `chunks` pieces spread over `duration` (`chunkedDribbleDelay`).
    /// Server transport only: in-process fails fast.
    public func dribble(chunks: Int, over duration: Duration) -> ResponseDefinition {
        var copy = self
        copy.chunkedDribbleDelay = ChunkedDribbleDelay(
            numberOfChunks: chunks, totalDuration: Int(duration.wholeMilliseconds))
        return copy
    }

    func settingContentType(_ type: String) -> ResponseDefinition {
        var copy = self
        copy.headers.removeAll { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }
        copy.headers.append(NamedValues("Content-Type", type))
        return copy
    }
}

extension DelayDistribution {
    /// WireMock's `lognormal` delay with a median and a spread, optionally capped.
    public static func lognormal(median: Duration, sigma: Double, max: Duration? = nil) -> DelayDistribution {
        .lognormal(
            median: Double(median.wholeMilliseconds), sigma: sigma, maxValue: max.map { Double($0.wholeMilliseconds) })
    }

    /// WireMock's `uniform` delay between two bounds, inclusive.
    public static func uniform(_ range: ClosedRange<Duration>) -> DelayDistribution {
        .uniform(lower: Int(range.lowerBound.wholeMilliseconds), upper: Int(range.upperBound.wholeMilliseconds))
    }
}

extension Duration {
    /// Whole milliseconds, rounded down; what WireMock's millisecond fields hold.
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}

extension ResponseDefinition {
    /// Renders the body, headers and body file as WireMock Handlebars templates for each request
    /// (`"transformers": ["response-template"]`), e.g. `.ok(body: "hello {{request.query.name}}").templated()`.
    /// Both transports render it the same way: the engine does the rendering.
    public func templated() -> ResponseDefinition {
        var copy = self
        if !copy.transformers.contains(ResponseTemplater.transformerName) {
            copy.transformers.append(ResponseTemplater.transformerName)
        }
        return copy
    }
}
