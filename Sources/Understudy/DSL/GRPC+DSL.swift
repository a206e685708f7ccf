import UnderstudyCore
import UnderstudyGRPC
import UnderstudyJSON

/// gRPC stubs in Swift: the mappings WireMock's gRPC extension reads (a call is a `POST` to
/// `/package.Service/Method` whose body is the request message in protobuf's JSON form), so a
/// stub made here and one in a `mappings/` file behave alike. The server needs the services'
/// descriptor sets in its root's `grpc/` folder.
///
/// ```swift
/// try host.stub(
///     .grpc("com.example.grpc.GreetingService/greeting").message(["name": "Tom"]),
///     .grpcReply(["greeting": "Hi Tom"]))
/// try host.verify(.grpc("com.example.grpc.GreetingService/greeting").message(["name": "Tom"]))
/// ```
extension RequestPattern {
    /// A call of `method`, written `package.Service/Method` (a leading `/` is allowed).
    public static func grpc(_ method: String) -> RequestPattern {
        .post(method.hasPrefix("/") ? method : "/" + method)
    }

    /// Requires the request message (of a unary or server-streaming call; of a client stream,
    /// each message in turn) to equal `json` in protobuf's JSON form. Fields at their default
    /// value are not in that form, so leave them out here too.
    /// - Throws: `JSONEqualityError` when a `${json-unit.regex}` placeholder does not compile.
    public func message(_ json: JSONValue, ignoreExtraElements: Bool = false) throws -> RequestPattern {
        body(try .equalToJSON(json, ignoreArrayOrder: true, ignoreExtraElements: ignoreExtraElements))
    }
}

extension ResponseDefinition {
    /// One reply message, in protobuf's JSON form (a stream of one for a server-streaming call).
    public static func grpcReply(_ json: JSONValue) -> ResponseDefinition {
        ResponseDefinition.ok(json: json).header("grpc-status-name", GRPCStatus.ok.name)
    }

    /// A stream of reply messages, each after its delay (`.message(…).after(.milliseconds(50))`),
    /// then `status`: Understudy's extension of the format, as `bodyChunks`.
    public static func grpcReplies(_ messages: [BodyChunk], then status: GRPCStatus = .ok, reason: String? = nil)
        -> ResponseDefinition
    {
        var definition = ResponseDefinition.chunks(messages).header("grpc-status-name", status.name)
        if let reason { definition = definition.header("grpc-status-reason", reason) }
        return definition
    }

    /// Ends the call with `status` and no message (`grpc-status-name`, `grpc-status-reason`).
    public static func grpcStatus(_ status: GRPCStatus, _ reason: String? = nil) -> ResponseDefinition {
        var definition = ResponseDefinition.ok().header("grpc-status-name", status.name)
        if let reason { definition = definition.header("grpc-status-reason", reason) }
        return definition
    }
}

extension BodyChunk {
    /// One gRPC reply message (over HTTP, one NDJSON line): `{"json": …}`.
    public static func message(_ json: JSONValue) -> BodyChunk { BodyChunk(.json(json)) }
}
