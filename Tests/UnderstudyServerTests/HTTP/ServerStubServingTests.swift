import Foundation
import Testing
import UnderstudyCore
import UnderstudyServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct ServerStubServingTests {
    static let named = """
        {"id":"8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7","name":"hello stub",
         "request":{"method":"GET","url":"/hello"},
         "response":{"status":201,"body":"hi there","headers":{"Content-Type":"text/plain","X-Many":["a","b"]}}}
        """

    @Test func servesAMatchedStubWithItsStatusHeadersAndBody() async throws {
        try await withServer([Self.named]) { server in
            let (data, response) = try await freshSession().data(from: server.url("/hello"))
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 201)
            #expect(String(decoding: data, as: UTF8.self) == "hi there")
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "text/plain")
            #expect(http.value(forHTTPHeaderField: "Matched-Stub-Id") == "8c5db8b0-2db4-4ad7-a99f-38c9b00da3f7")
            #expect(http.value(forHTTPHeaderField: "Matched-Stub-Name") == "hello stub")
            #expect(http.value(forHTTPHeaderField: "Content-Length") == "8")
        }
    }

    @Test func keepsRepeatedHeaderNamesAndACustomReasonPhrase() async throws {
        let stub =
            #"{"request":{"url":"/why"},"response":{"status":418,"statusMessage":"Short and stout","headers":{"X-Many":["a","b"]}}}"#
        try await withServer([stub]) { server in
            let response = try await RawConnection.with(port: server.port) { connection in
                try await connection.send("GET /why HTTP/1.1\r\nHost: localhost\r\n\r\n")
                return try await connection.readResponse()
            }
            let raw = try #require(response)
            #expect(raw.statusLine == "HTTP/1.1 418 Short and stout")
            #expect(raw.values("X-Many") == ["a", "b"])
        }
    }

    @Test func journalsTheRequestAsSent() async throws {
        try await withServer([Self.named]) { server in
            _ = try await RawConnection.with(port: server.port) { connection in
                try await connection.send(
                    "POST /a%20b?q=1&q=2 HTTP/1.1\r\nHost: example.test:1234\r\nX-One: 1\r\nX-Two: 2\r\nContent-Length: 3\r\n\r\nabc"
                )
                return try await connection.readResponse()
            }
            let request = try #require(server.engine.journal.events.first?.request)
            #expect(request.url == "/a%20b?q=1&q=2")
            #expect(request.method == "POST")
            #expect(request.host == "example.test")
            #expect(request.port == server.port)
            #expect(request.scheme == "http")
            #expect(request.clientIP == "127.0.0.1")
            #expect(request.headers.fields.map(\.name) == ["Host", "X-One", "X-Two", "Content-Length"])
            #expect(request.bodyText == "abc")
            #expect(server.engine.journal.events.first?.response?.status == 404)
        }
    }

    @Test func answersAMissWithTheNearMissDiffAsPlainText() async throws {
        try await withServer([Self.named]) { server in
            let (data, response) = try await freshSession().data(from: server.url("/hellp"))
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 404)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "text/plain")
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.contains("Request was not matched"))
            #expect(text.contains("hello stub"))
        }
    }

    @Test func saysSoWhenThereAreNoStubsAtAll() async throws {
        try await withServer { server in
            let (data, response) = try await freshSession().data(from: server.url("/anything"))
            #expect((response as? HTTPURLResponse)?.statusCode == 404)
            #expect(String(decoding: data, as: UTF8.self) == DiffRenderer.noStubsMessage)
        }
    }

    @Test func answersHEADWithHeadersAndNoBody() async throws {
        let stub = #"{"request":{"method":"HEAD","url":"/thing"},"response":{"status":200,"body":"twelve bytes"}}"#
        try await withServer([stub]) { server in
            try await RawConnection.with(port: server.port) { connection in
                try await connection.send("HEAD /thing HTTP/1.1\r\nHost: localhost\r\n\r\n")
                let head = try #require(try await connection.readResponse(toHEAD: true))
                #expect(head.status == 200)
                #expect(head.header("Content-Length") == "12")
                // The connection stays usable: nothing but the next answer follows.
                try await connection.send("HEAD /thing HTTP/1.1\r\nHost: localhost\r\n\r\n")
                let second = try #require(try await connection.readResponse(toHEAD: true))
                #expect(second.status == 200)
                #expect(connection.pending.isEmpty)
            }
        }
    }
}
