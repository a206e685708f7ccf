import NIOCore
import Testing

@testable import UnderstudyServer

/// Every transition of the fast path's connection state, without a channel.
@Suite struct PlainFastPathStateMachineTests {
    func parsed(_ action: PlainFastPathStateMachine.ReadAction) -> String? {
        guard case .parse(let bytes) = action else { return nil }
        return String(buffer: bytes)
    }

    @Test func heldBytesComeBeforeTheNextRead() {
        var machine = PlainFastPathStateMachine()
        #expect(parsed(machine.read(ByteBuffer(string: "GET / HT"))) == "GET / HT")
        let waits = machine.incomplete()
        #expect(waits)
        let passedOn = machine.rest(ByteBuffer(string: "GET / HT"))
        #expect(passedOn == nil)
        #expect(parsed(machine.read(ByteBuffer(string: "TP/1.1\r\n\r\n"))) == "GET / HTTP/1.1\r\n\r\n")
        machine.answered()
        #expect(machine.isServing)
    }

    @Test func aTrickleGoesToTheGeneralPathAfterTheMaximumOfPartialReads() {
        var machine = PlainFastPathStateMachine()
        for _ in 0..<PlainFastPathStateMachine.maxPartialReads {
            _ = machine.read(ByteBuffer(string: "G"))
            let waits = machine.incomplete()
            #expect(waits)
            _ = machine.rest(ByteBuffer(string: "G"))
        }
        _ = machine.read(ByteBuffer(string: "E"))
        let waits = machine.incomplete()
        #expect(waits == false)
        // Everything not answered is passed on, and every later read too.
        let passedOn = machine.rest(ByteBuffer(string: "GGGGE"))
        #expect(passedOn.map { String(buffer: $0) } == "GGGGE")
        guard case .passOn = machine.read(ByteBuffer(string: "T")) else {
            Issue.record("after a hand-over every read passes on")
            return
        }
    }

    @Test func anAnsweredRequestResetsThePartialReadCount() {
        var machine = PlainFastPathStateMachine()
        for _ in 0..<PlainFastPathStateMachine.maxPartialReads {
            _ = machine.read(ByteBuffer(string: "x"))
            let waits = machine.incomplete()
            #expect(waits)
        }
        machine.answered()
        _ = machine.read(ByteBuffer(string: "x"))
        let waits = machine.incomplete()
        #expect(waits)
    }

    @Test func aGracefulStopBetweenRequestsStopsReadingAndClosesAfterQueuedWrites() {
        var machine = PlainFastPathStateMachine()
        guard case .closeAfterQueuedWrites = machine.quiesce() else {
            Issue.record("between requests a stop closes once the answers are out")
            return
        }
        guard case .ignore = machine.read(ByteBuffer(string: "GET / HTTP/1.1\r\n\r\n")) else {
            Issue.record("nothing is read after a stop")
            return
        }
        let handedOver = machine.inputEnded()
        #expect(handedOver == nil)
    }

    @Test func aGracefulStopMidRequestHandsTheHeldBytesOver() {
        var machine = PlainFastPathStateMachine()
        _ = machine.read(ByteBuffer(string: "POST /x HTTP/1.1\r\nContent-Length: 9\r\n\r\nabc"))
        _ = machine.incomplete()
        _ = machine.rest(ByteBuffer(string: "POST /x HTTP/1.1\r\nContent-Length: 9\r\n\r\nabc"))
        guard case .handOver(let held?) = machine.quiesce() else {
            Issue.record("a stop mid-request hands the request to the general path")
            return
        }
        #expect(String(buffer: held).hasSuffix("abc"))
        #expect(!machine.isServing)
    }

    @Test func aHalfCloseHandsOverWhatIsHeldOnce() {
        var machine = PlainFastPathStateMachine()
        _ = machine.read(ByteBuffer(string: "GET /"))
        _ = machine.incomplete()
        _ = machine.rest(ByteBuffer(string: "GET /"))
        let handedOver = machine.inputEnded()
        #expect(handedOver.map { String(buffer: $0) } == "GET /")
        let handedOverAgain = machine.inputEnded()
        #expect(handedOverAgain == nil)
        guard case .passOn = machine.read(ByteBuffer(string: "x")) else {
            Issue.record("after a half-close the general path reads")
            return
        }
    }
}
