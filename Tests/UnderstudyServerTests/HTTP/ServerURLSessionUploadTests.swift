import Foundation
import Testing
import UnderstudyCore
import UnderstudyServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct ServerURLSessionUploadTests {
    static let stub = #"{"request":{"method":"POST","url":"/upload"},"response":{"status":201,"body":"stored"}}"#

    @Test func acceptsAStreamedUploadFromURLSession() async throws {
        try await withServer([Self.stub]) { server in
            let payload = Data(String(repeating: "streamed ", count: 1000).utf8)
            var request = URLRequest(url: server.url("/upload"))
            request.httpMethod = "POST"
            request.httpBodyStream = InputStream(data: payload)
            request.setValue(String(payload.count), forHTTPHeaderField: "Content-Length")
            let (data, response) = try await freshSession().data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 201)
            #expect(String(decoding: data, as: UTF8.self) == "stored")
            let logged = try #require(server.engine.journal.events.first?.request)
            #expect(logged.body == payload)
            #expect(logged.headers.first("Content-Length") == String(payload.count))
        }
    }
}
