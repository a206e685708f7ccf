import Testing
import UnderstudyCore

@testable import UnderstudyServer

/// The fast path's parser reads plain requests exactly, waits on a request cut short at any
/// byte, and leaves every other shape to NIO's decoder.
@Suite struct PlainRequestParserTests {
    static func parse(_ text: String, maxHeadBytes: Int = 1024, maxBodyBytes: Int = 64) -> PlainRequestParser.Outcome {
        Array(text.utf8).withUnsafeBytes {
            PlainRequestParser.parse($0, maxHeadBytes: maxHeadBytes, maxBodyBytes: maxBodyBytes)
        }
    }

    static func request(_ text: String) -> PlainRequestParser.Request? {
        if case .request(let request) = parse(text) { return request }
        return nil
    }

    static func isNotPlain(_ text: String) -> Bool {
        if case .notPlain = parse(text) { return true }
        return false
    }

    @Test func readsMethodTargetHeadersInOrderAndWhereTheRequestEnds() throws {
        let text =
            "GET /a/b?q=1&r=%20x HTTP/1.1\r\nHost: example.com:81\r\nX-Many:  one, two\r\nx-many:\tthree\r\nEmpty:\r\n\r\n"
        let request = try #require(Self.request(text + "GET /next HTTP/1.1\r\n\r\n"))
        #expect(request.method == "GET")
        #expect(request.target == "/a/b?q=1&r=%20x")
        #expect(request.headers.fields.map(\.name) == ["Host", "X-Many", "x-many", "Empty"])
        #expect(request.headers.fields.map(\.value) == ["example.com:81", "one, two", "three", ""])
        #expect(request.bodyLength == 0)
        #expect(request.length == text.utf8.count)
    }

    @Test func readsASmallBodyAfterTheHead() throws {
        let head = "POST /form HTTP/1.1\r\nContent-Length: 5\r\nConnection: Keep-Alive\r\n\r\n"
        let request = try #require(Self.request(head + "a=1&bGET / HTTP/1.1\r\n\r\n"))
        #expect(request.method == "POST")
        #expect(request.bodyStart == head.utf8.count)
        #expect(request.bodyLength == 5)
        #expect(request.length == head.utf8.count + 5)
    }

    @Test func waitsForMoreAtEveryCutOfAPlainRequest() {
        let text = "PATCH /items/7 HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc"
        let bytes = Array(text.utf8)
        for cut in 0..<bytes.count {
            let outcome = bytes[..<cut].withUnsafeBytes {
                PlainRequestParser.parse($0, maxHeadBytes: 1024, maxBodyBytes: 64)
            }
            guard case .incomplete = outcome else {
                Issue.record("cut at \(cut) gave \(outcome)")
                continue
            }
        }
        #expect(Self.request(text)?.length == bytes.count)
    }

    @Test(arguments: [
        "HEAD / HTTP/1.1\r\n\r\n",
        "CONNECT example.com:443 HTTP/1.1\r\n\r\n",
        "get / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.0\r\n\r\n",
        "GET / HTTP/2.0\r\n\r\n",
        "GET http://example.com/ HTTP/1.1\r\n\r\n",
        "GET * HTTP/1.1\r\n\r\n",
        "GET  / HTTP/1.1\r\n\r\n",
        "GET /a#frag HTTP/1.1\r\n\r\n",
        "GET /a\"b HTTP/1.1\r\n\r\n",
        "GET /\u{e9} HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\nHost: a\n\n",
        "GET / HTTP/1.1\r\nHost: a\n\r\n",
        "GET / HTTP/1.1\r\nHost : a\r\n\r\n",
        "GET / HTTP/1.1\r\n: a\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a \r\n\r\n",
        "GET / HTTP/1.1\r\nX: a\r\n folded\r\n\r\n",
        "GET / HTTP/1.1\r\nX: caf\u{e9}\r\n\r\n",
        "GET / HTTP/1.1\r\nX: a\u{0}b\r\n\r\n",
        "GET / HTTP/1.1\r\nX: a\rb\r\n\r\n",
        "GET / HTTP/1.1\r\n\r\r\n",
        "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx",
        "POST / HTTP/1.1\r\nContent-Length: +1\r\n\r\nx",
        "POST / HTTP/1.1\r\nContent-Length: 1 1\r\n\r\nx",
        "POST / HTTP/1.1\r\nContent-Length: 65\r\n\r\n",
        "GET / HTTP/1.1\r\nConnection: close\r\n\r\n",
        "GET / HTTP/1.1\r\nConnection: keep-alive, Upgrade\r\n\r\n",
        "GET / HTTP/1.1\r\nUpgrade: websocket\r\n\r\n",
        "PUT / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\n"
    ])
    func leavesEveryOtherShapeToTheDecoder(_ text: String) {
        #expect(Self.isNotPlain(text))
    }

    @Test func leavesAWholeHeadOverTheLimitToTheDecoder() {
        let text = "GET / HTTP/1.1\r\nX-Long: " + String(repeating: "a", count: 100) + "\r\n\r\n"
        #expect(Self.request(text) != nil)
        #expect({ if case .notPlain = Self.parse(text, maxHeadBytes: 100) { true } else { false } }())
    }

    @Test func givesUpWaitingOnceTheHeadReachesTheLimit() {
        let unfinished = "GET / HTTP/1.1\r\nX-Long: " + String(repeating: "a", count: 100)
        if case .incomplete = Self.parse(unfinished, maxHeadBytes: 1024) {
        } else {
            Issue.record("should wait under the limit")
        }
        #expect({ if case .notPlain = Self.parse(unfinished, maxHeadBytes: 64) { true } else { false } }())
    }
}
