import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing
import Understudy
import UnderstudyOpenAPITransport

/// Backs the UnderstudyOpenAPITransport landing page (UnderstudyOpenAPITransport.docc), listing 1:
/// the call a generated client makes, made by hand.
@Suite struct OpenAPITransportSnippets {
    @Test func aCallGoesStraightToTheEngine() async throws {
        try await withInProcessStubs { stubs in
            stubs.stub(.get("/timeline"), .ok(json: "[]"))
            let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/timeline")
            let (response, body) = try await stubs.clientTransport.send(
                request, body: nil, baseURL: stubs.baseURL, operationID: "getTimeline")
            #expect(response.status == .ok)
            #expect(try await String(collecting: body ?? HTTPBody(), upTo: 1024) == "[]")
            #expect(stubs.serveEvents.count == 1)
        }
    }
}
