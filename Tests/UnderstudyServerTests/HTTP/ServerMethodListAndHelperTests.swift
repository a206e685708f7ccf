import Foundation
import Testing
import UnderstudyCore
import UnderstudyServer

/// Method lists and the WireMock 3 template helpers, end to end over a real socket.
@Suite struct ServerMethodListAndHelperTests {
    @Test func oneOfAndNoneOfMethodsMatchOverTheWire() async throws {
        let stubs = [
            #"{"request":{"method":{"oneOf":["GET","POST"]},"url":"/listed"},"response":{"status":200,"body":"listed"}}"#,
            #"{"request":{"method":{"noneOf":["DELETE"]},"url":"/kept"},"response":{"status":200,"body":"kept"}}"#
        ]
        try await withServer(stubs) { server in
            for (method, path, status) in [
                ("GET", "/listed", "200"), ("POST", "/listed", "200"), ("PUT", "/listed", "404"),
                ("PATCH", "/kept", "200"), ("DELETE", "/kept", "404")
            ] {
                let response = try await RawConnection.with(port: server.port) { connection in
                    let body = method == "GET" ? "" : "Content-Length: 0\r\n"
                    try await connection.send("\(method) \(path) HTTP/1.1\r\nHost: localhost\r\n\(body)\r\n")
                    return try await connection.readResponse()
                }
                let raw = try #require(response)
                #expect(raw.statusLine.hasPrefix("HTTP/1.1 \(status)"), "\(method) \(path): \(raw.statusLine)")
            }
        }
    }

    @Test func jsonMergeAndUnescapedBase64RenderOverTheWire() async throws {
        let stub = #"""
            {"request":{"method":"POST","url":"/merge"},
             "response":{"status":200,"body":"{{jsonMerge '{\"a\":1,\"b\":{\"c\":2}}' request.body}}|{{request.bodyAsBase64}}",
             "transformers":["response-template"]}}
            """#
        try await withServer([stub]) { server in
            let body = #"{"b":{"d":3}}"#
            let response = try await RawConnection.with(port: server.port) { connection in
                try await connection.send(
                    "POST /merge HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                return try await connection.readResponse()
            }
            let raw = try #require(response)
            #expect(raw.statusLine.hasPrefix("HTTP/1.1 200"))
            let base64 = Data(body.utf8).base64EncodedString()
            #expect(String(decoding: raw.body, as: UTF8.self) == #"{"a":1,"b":{"c":2,"d":3}}|"# + base64)
            #expect(base64.hasSuffix("="))
        }
    }
}
