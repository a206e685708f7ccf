import NIOHTTP1
import Testing

@testable import UnderstudyServer

/// The scanner's in-place path (a whole plain head in one read) must frame exactly as its
/// byte-at-a-time path does, which every head split across reads takes.
@Suite struct RequestFramingScannerTests {
    static let streams: [String] = [
        "GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n",
        "POST /a HTTP/1.1\r\nContent-Length: 5\r\n\r\nhelloGET /b HTTP/1.1\r\n\r\n",
        "POST /a HTTP/1.1\r\ncontent-LENGTH:  12 \r\n\r\nGET /x HTTP/1.1GET /c HTTP/1.1\r\n\r\n",
        "POST /a HTTP/1.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\nGET /b HTTP/1.1\r\n\r\n",
        "POST /a HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabcGET /b HTTP/1.1\r\n\r\n",
        "POST /a HTTP/1.1\r\nContent-Length: +3\r\n\r\nabcGET /b HTTP/1.1\r\n\r\n",
        "GET /a HTTP/1.1\r\nUpgrade: websocket\r\n\r\nGET /hidden HTTP/1.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n",
        "CONNECT x:443 HTTP/1.1\r\n\r\nGET /b HTTP/1.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n",
        "GET /a HTTP/1.1\r\nX-Content-Length: 9\r\nContent-Lengths: 9\r\n\r\nGET /b HTTP/1.1\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n",
        "\r\nGET /a HTTP/1.1\r\nNo colon here\r\nContent-Length: 0\r\n\r\nPOST /b HTTP/1.1\r\nContent-Length: 2\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
    ]

    @Test(arguments: streams)
    func wholeReadsFrameLikeByteAtATime(stream: String) {
        let whole = Self.scan([Array(stream.utf8)])
        let bytewise = Self.scan(stream.utf8.map { [$0] })
        #expect(whole == bytewise)
    }

    @Test func aConflictingContentLengthIsSetAsideAfterAPlainRequest() {
        let stream =
            "GET /a HTTP/1.1\r\n\r\nPOST /b HTTP/1.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n"
        let (bytes, setAside) = RequestFramingScanner.scanned([Array(stream.utf8)], maxHeadBytes: 64 * 1024)
        let output = String(decoding: bytes, as: UTF8.self)
        #expect(output == "GET /a HTTP/1.1\r\n\r\nPOST /b HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n")
        #expect(
            setAside == [nil, SetAsideHead(method: nil, lines: [.init(index: 0, name: "Content-Length", value: "4")])])
    }

    /// What is taken out travels beside the bytes, never in them: a header a client names like
    /// one of ours is an ordinary header.
    @Test func anUnknownMethodAndUpgradeAreTakenOutAndPutBackInPlace() throws {
        let stream =
            "KILL /a HTTP/1.1\r\nHost: h\r\nUpgrade: h2c\r\nX-Understudy-Set-Aside-Upgrade: x\r\nAccept: */*\r\n\r\n"
        let (bytes, setAside) = RequestFramingScanner.scanned([Array(stream.utf8)], maxHeadBytes: 64 * 1024)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "POST /a HTTP/1.1\r\nHost: h\r\nX-Understudy-Set-Aside-Upgrade: x\r\nAccept: */*\r\n\r\n")
        let taken = try #require(setAside.first ?? nil)
        let decoded = HTTPRequestHead(
            version: .http1_1, method: .POST, uri: "/a",
            headers: ["Host": "h", "X-Understudy-Set-Aside-Upgrade": "x", "Accept": "*/*"])
        let restored = taken.restore(decoded)
        #expect(restored.method.rawValue == "KILL")
        #expect(restored.headers.map(\.name) == ["Host", "Upgrade", "X-Understudy-Set-Aside-Upgrade", "Accept"])
        #expect(restored.headers["Upgrade"] == ["h2c"])
    }

    @Test func aBodyThatLooksLikeAConflictingHeadIsLeftAlone() {
        let hidden = "GET /x HTTP/1.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n"
        let stream = "POST /a HTTP/1.1\r\nContent-Length: \(hidden.utf8.count)\r\n\r\n\(hidden)"
        let output = String(decoding: Self.scan([Array(stream.utf8)]), as: UTF8.self)
        #expect(output == stream)
    }

    private static func scan(_ reads: [[UInt8]]) -> [UInt8] {
        RequestFramingScanner.output(of: reads, maxHeadBytes: 64 * 1024)
    }
}
