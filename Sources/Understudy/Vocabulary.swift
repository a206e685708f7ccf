import UnderstudyCore
import UnderstudyGRPC
import UnderstudyJSON
import UnderstudyServer

// The words a test author needs from the engine room, and only those: `import Understudy` shows
// these names, the hosts, the DSL and verification, never the parser, matcher or server
// internals behind them. A test that needs the engine room on purpose imports that module.

// MARK: Stubs

/// What a request must look like to match a stub (WireMock's `request`): build it with
/// `.get("/path")`, `.post(...)`, `.header(...)`, `.query(...)`, `.jsonBody(...)` ….
public typealias RequestPattern = UnderstudyCore.RequestPattern
/// A gRPC status, for `.grpcStatus(_:_:)` and `.grpcReplies(_:then:reason:)`.
public typealias GRPCStatus = UnderstudyGRPC.GRPCStatus
/// What a stub answers (WireMock's `response`): `.ok(json:)`, `.created()`, `.fault(...)`,
/// `.delay(...)`, `.held()` ….
public typealias ResponseDefinition = UnderstudyCore.ResponseDefinition
/// A matcher for one value (a header, query parameter, cookie or body): `.equalTo("x")`,
/// `.contains("x")`, `.absent`, `try .matches("re")`, `try .equalToJSON(...)` ….
public typealias StringValuePattern = UnderstudyCore.StringValuePattern
/// How a request's URL is matched: `.url`, `.urlPath`, `.urlPattern`, `.urlPathPattern`,
/// `.urlPathTemplate`, for `RequestPattern.method(_:_:)`.
public typealias URLMatcher = UnderstudyCore.URLMatcher
/// A stub in full, as a WireMock mapping file holds it: id, name, priority, scenario,
/// request pattern, response and metadata.
public typealias StubMapping = UnderstudyCore.StubMapping

// MARK: Faults and delays

/// A clock whose time moves only when the test moves it: set it as a host's ``StubHost/clock``
/// and the stubs' delays fall due at `advance(by:)`; give it to the client for its own waits.
public typealias ManualClock = UnderstudyCore.ManualClock

/// A socket-level failure a stub can play (`.fault(.connectionResetByPeer)`); in-process it
/// becomes the `URLError` the server's fault gives (`Fault.urlErrorCode`).
public typealias Fault = UnderstudyCore.Fault
/// Replay a recorded folder, or record one (`.record(to:upstream:)` from `UnderstudyRecording`).
public typealias RecordReplayMode = UnderstudyServer.RecordReplayMode
/// A host with an HTTPS listener: what `UnderstudyTLS`'s trust helpers extend; see `StubServer`.
public typealias HTTPSHost = UnderstudyServer.HTTPSHost
/// A server that is also a forward proxy (`configuration.forwardProxy`): `UnderstudyTLS` gives
/// clients that go through it (`proxiedHTTPClientConfiguration()`) and trust its CA.
public typealias ForwardProxyHost = UnderstudyServer.ForwardProxyHost
/// Forward proxy mode for a server (`.intercepting()` from `UnderstudyTLS`), as `serve --proxy-mode`.
public typealias ForwardProxyMode = UnderstudyServer.ForwardProxyMode
/// What every host is to the transports that answer without a socket; see `StubHost`.
public typealias StubEngineHost = UnderstudyCore.StubEngineHost
/// A random delay before a response (`.delay(.lognormal(median:sigma:))`, `.uniform(...)`).
public typealias DelayDistribution = UnderstudyCore.DelayDistribution

// MARK: Streams

/// One event of a server-sent event stub (`.sse([...])`): `.event(id:event:data:)`, `.comment(_:)`,
/// `.fault(_:)`, then `.after(_:)` or `.held()`; named here so a test's helpers can build them.
public typealias ServerSentEvent = UnderstudyCore.ServerSentEvent

// MARK: Bodies and metadata

/// A JSON value, for JSON answers (`.ok(json: ["id": 1])`), JSON matchers (`.jsonBody(...)`) and
/// stub metadata.
public typealias JSONValue = UnderstudyJSON.JSONValue
/// Why a GraphQL query could not be read (`.graphQL(_:)`): the message, and its line and column.
public typealias GraphQLSyntaxError = UnderstudyCore.GraphQLSyntaxError
/// The GraphQL operation a stub matches (WireMock's `graphql-body-matcher`): `.graphQL(_:)` builds one.
public typealias GraphQLOperationPattern = UnderstudyCore.GraphQLOperationPattern
/// A JSON object's members, in order (stub `metadata`).
public typealias JSONObject = UnderstudyJSON.JSONObject
/// Where and why a JSON text could not be parsed (`JSONValue(parsing:)`): line, column, reason.
public typealias JSONSyntaxError = UnderstudyJSON.JSONSyntaxError

// MARK: Webhooks

/// A call a stub makes after answering (WireMock's `webhook` listener).
public typealias Webhook = UnderstudyCore.Webhook
/// Sends webhooks; `UnderstudyRecording` has one built on AsyncHTTPClient.
public typealias WebhookSender = UnderstudyCore.WebhookSender
/// A webhook after templating, as a ``WebhookSender`` gets it.
public typealias WebhookRequest = UnderstudyCore.WebhookRequest
/// A note on a serve event; a webhook's outcome is one.
public typealias SubEvent = UnderstudyCore.SubEvent

// MARK: What was received

/// A request as the host received and journalled it: method, URL, headers, body.
public typealias LoggedRequest = UnderstudyCore.LoggedRequest
/// One served request: the request, the stub it matched (if any) and the response once given.
public typealias ServeEvent = UnderstudyCore.ServeEvent
/// A request's headers: names compare case-insensitively, a name may repeat.
public typealias HeaderFields = UnderstudyCore.HeaderFields
/// A request close to a verified pattern (or a stub close to a request), with its diff.
public typealias NearMiss = UnderstudyCore.NearMiss

// MARK: Messages

/// Which WebSocket messages to wait for or verify (``StubHost/waitForMessages(matching:count:timeout:)``):
/// by body, by channel, or both.
public typealias MessagePattern = UnderstudyCore.MessagePattern
/// A WebSocket message stub in full, as a `message-mappings/` file holds it: its trigger and actions
/// (``StubHost/stub(message:)``, ``StubHost/messageStubs``).
public typealias MessageStubMapping = UnderstudyCore.MessageStubMapping
/// What a message stub does when it fires: `.send(_:to:after:)`, `.close(code:reason:to:after:)`.
public typealias MessageAction = UnderstudyCore.MessageAction
/// A message's body, text or binary, for a message stub's action or ``StubHost/send(_:to:)``.
public typealias MessageBody = UnderstudyCore.MessageBody
/// Where a message stub's action goes: the channel that sent the trigger, or channels matching a pattern.
public typealias ChannelTarget = UnderstudyCore.ChannelTarget
/// An open WebSocket channel of a host (``StubHost/channels``).
public typealias MessageChannel = UnderstudyCore.MessageChannel
/// One message a host received or sent, with its channel (``StubHost/messages``).
public typealias MessageServeEvent = UnderstudyCore.MessageServeEvent

// MARK: Streams and challenges

/// One piece of a body sent in pieces (`.chunks([...])`): `.text(_:)`, `.bytes(_:)`, then `.after(_:)`.
public typealias BodyChunk = UnderstudyCore.BodyChunk
/// An RFC 7616 Digest challenge a stub answers with (`.unauthorized(challenge: .digest(...))`).
public typealias DigestChallenge = UnderstudyCore.DigestChallenge
/// A Digest challenge's hash: MD5, SHA-256 or SHA-512/256, each with its `-sess` variant.
public typealias DigestAlgorithm = UnderstudyCore.DigestAlgorithm

// MARK: Contracts

/// An API contract a host checks traffic against and answers misses from: `OpenAPIContract`
/// from `UnderstudyOpenAPI` is one (`StubServer.start(root:openAPI:configuration:proxy:tls:)`).
public typealias ContractChecker = UnderstudyCore.ContractChecker
/// One way a request or a response broke the contract: where, the rule in the spec, and why.
public typealias ContractViolation = UnderstudyCore.ContractViolation
/// A contract violation with the request it came with (``StubHost/contractViolations``).
public typealias RecordedContractViolation = UnderstudyCore.RecordedContractViolation

// MARK: Gates

/// Holds a stub's responses until the test releases them (`.held()`, then `gate.release()`).
public typealias ResponseGate = UnderstudyCore.ResponseGate
/// A wait at a gate (`waitUntilHolding`) that timed out.
public typealias ResponseGateTimeout = UnderstudyCore.ResponseGateTimeout

// MARK: Servers

/// How a ``StubServer`` listens and behaves: host, port, limits, logging, grace period.
public typealias StubServerConfiguration = UnderstudyServer.StubServerConfiguration
/// What a ``StubServer``'s HTTPS listener puts in front of each connection: `StubServerTLS`
/// (and `.generated`) in `UnderstudyTLS`, the product that links BoringSSL.
public typealias TLSServerSetup = UnderstudyServer.TLSServerSetup
/// Forwards proxied stubs (`proxyBaseUrl`) upstream; `UnderstudyRecording` provides one
/// for `StubServer.start(root:openAPI:configuration:proxy:tls:)`.
public typealias ProxyForwarder = UnderstudyServer.ProxyForwarder

// MARK: Errors

/// A stub that could not be read or added, in WireMock's error shape (code, title, JSON pointer).
public typealias MappingError = UnderstudyCore.MappingError
/// A regular expression in a matcher that does not compile.
public typealias RegexSyntaxError = UnderstudyCore.RegexSyntaxError
/// A JSONPath expression in a matcher that does not compile.
public typealias JSONPathError = UnderstudyJSON.JSONPathError
/// An `equalToJson` expectation whose `${json-unit.regex}` placeholder does not compile.
public typealias JSONEqualityError = UnderstudyJSON.JSONEqualityError
