import Testing

@testable import ChatClient

/// The parser on its own: the network may split an event anywhere, and servers end lines
/// three ways.
@Suite struct EventStreamParserTests {
    @Test func anEventSplitAcrossReadsComesOutWholeAtItsBlankLine() {
        var parser = EventStreamParser()
        #expect(parser.consume(Array("id: 7\nda".utf8)).isEmpty)
        #expect(parser.consume(Array("ta: {\"a\":1}\n".utf8)).isEmpty)
        #expect(parser.consume(Array("\n".utf8)) == [SSEMessage(id: "7", data: #"{"a":1}"#)])
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func linesEndAnyWayAndCommentsAreSkipped(_ end: String) {
        var parser = EventStreamParser()
        let stream =
            [": keep-alive", "event: delta", "data: a", "data:b", "", "data: [DONE]", ""]
            .joined(separator: end) + end
        #expect(
            parser.consume(Array(stream.utf8)) == [
                SSEMessage(event: "delta", data: "a\nb"), SSEMessage(data: "[DONE]")
            ])
    }

    /// A `\r\n` cut between its two bytes is still one line end, not an empty line too.
    @Test func aCarriageReturnAndLineFeedSplitAcrossReadsEndOneLine() {
        var parser = EventStreamParser()
        #expect(parser.consume(Array("data: x\r".utf8)).isEmpty)
        #expect(parser.consume(Array("\ndata: y\r\n\r\n".utf8)) == [SSEMessage(data: "x\ny")])
    }
}
