import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession
import StatusPosterAPI
import Understudy
import UnderstudyOpenAPI
import UnderstudyOpenAPITransport

/// The three ways the generated client reaches the stubs in `Stubs/`.
enum ClientRoute: String, CaseIterable, CustomStringConvertible, Sendable {
    /// Straight into the engine of an in-process host (`StubClientTransport`): no URLSession.
    case engine
    /// URLSession over a real socket to a `StubServer` (swift-openapi-urlsession's transport).
    case server
    /// URLSession intercepted in-process (swift-openapi-urlsession's transport, our URLProtocol).
    case inProcess

    var description: String { rawValue }

    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let stubs = example.appendingPathComponent("Stubs")
    static let spec = example.appendingPathComponent("openapi.yaml")

    /// Runs `body` with a client for a fresh host loaded from `Stubs/`, checked against `openapi.yaml`.
    func withClient(_ body: (Client, any StubHost) async throws -> Void) async throws {
        let contract = try OpenAPIContract(files: Self.spec)
        let credentials = [BasicCredentials(user: "rita", password: "mysecret")]
        switch self {
        case .engine:
            try await withInProcessStubs(root: Self.stubs, openAPI: contract) { stubs in
                let client = Client(
                    serverURL: stubs.baseURL, transport: stubs.clientTransport, middlewares: credentials)
                try await body(client, stubs)
            }
        case .server, .inProcess:
            try await withStubs(self == .server ? .server : .inProcess, root: Self.stubs, openAPI: contract) { host in
                let transport = URLSessionTransport(configuration: .init(session: host.session))
                let client = Client(serverURL: host.baseURL, transport: transport, middlewares: credentials)
                try await body(client, host)
            }
        }
    }
}

/// Sends Basic credentials up front, as the app's own client does: the spec declares no security
/// scheme, so the generated client has no parameter for them.
struct BasicCredentials: ClientMiddleware {
    var user: String
    var password: String

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        return try await next(request, body, baseURL)
    }
}
