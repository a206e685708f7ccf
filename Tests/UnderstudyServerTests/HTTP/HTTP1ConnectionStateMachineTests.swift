import NIOCore
import NIOHTTP1
import Testing

@testable import UnderstudyServer

/// Every transition of the general path's connection state, without a channel.
@Suite struct HTTP1ConnectionStateMachineTests {
    let head = HTTPRequestHead(version: .http1_1, method: .POST, uri: "/x")
    let allocator = ByteBufferAllocator()

    func receiving() -> HTTP1ConnectionStateMachine {
        var machine = HTTP1ConnectionStateMachine()
        guard case .receiveHead = machine.receive(.head(head), maxBodyBytes: 8, uploading: false)
        else {
            Issue.record("a head while idle is a new request")
            return machine
        }
        machine.gatherBody(of: head, receivedAt: .now(), allocator: allocator)
        return machine
    }

    @Test func aWholeRequestIsDispatchedWithItsBody() {
        var machine = receiving()
        _ = machine.receive(.body(ByteBuffer(string: "abc")), maxBodyBytes: 8, uploading: false)
        _ = machine.receive(.body(ByteBuffer(string: "de")), maxBodyBytes: 8, uploading: false)
        guard
            case .dispatch(let dispatched, let body, _) = machine.receive(
                .end(nil), maxBodyBytes: 8, uploading: false)
        else {
            Issue.record("the end of a request dispatches it")
            return
        }
        #expect(dispatched.uri == "/x")
        #expect(String(buffer: body) == "abcde")
        #expect(machine.isResponding)
    }

    @Test func aBodyPastTheLimitIsRefused() {
        var machine = receiving()
        _ = machine.receive(.body(ByteBuffer(string: "12345")), maxBodyBytes: 8, uploading: false)
        guard
            case .refuseTooLarge = machine.receive(
                .body(ByteBuffer(string: "6789")), maxBodyBytes: 8, uploading: false)
        else {
            Issue.record("9 bytes against a limit of 8 are refused")
            return
        }
        machine.giveUp()
        // What the client sends after a refusal is ignored.
        guard case .ignore = machine.receive(.end(nil), maxBodyBytes: 8, uploading: false) else {
            Issue.record("parts after a refusal are ignored")
            return
        }
        #expect(machine.isClosing)
    }

    @Test func aStreamedUploadGetsItsPartsAndEnd() {
        var machine = HTTP1ConnectionStateMachine()
        _ = machine.receive(.head(head), maxBodyBytes: 8, uploading: false)
        machine.startStreamingUpload()
        #expect(machine.isResponding)
        guard
            case .forwardToUpload(let chunk) = machine.receive(
                .body(ByteBuffer(string: "big")), maxBodyBytes: 8, uploading: true)
        else {
            Issue.record("a streaming body's part goes upstream")
            return
        }
        #expect(String(buffer: chunk) == "big")
        guard case .endUpload = machine.receive(.end(nil), maxBodyBytes: 8, uploading: true) else {
            Issue.record("a streaming body's end goes upstream")
            return
        }
    }

    @Test func aKeepAliveResponseReturnsToIdleAndTheNextHeadIsANewRequest() {
        var machine = receiving()
        _ = machine.receive(.end(nil), maxBodyBytes: 8, uploading: false)
        #expect(machine.responseEnds(mustClose: false) == false)
        guard case .receiveHead = machine.receive(.head(head), maxBodyBytes: 8, uploading: false)
        else {
            Issue.record("after a keep-alive response the connection takes the next request")
            return
        }
    }

    @Test func aHalfCloseWhileRespondingClosesOnceTheResponseEnds() {
        var machine = receiving()
        _ = machine.receive(.end(nil), maxBodyBytes: 8, uploading: false)
        guard case .closeAfterResponse = machine.inputClosed() else {
            Issue.record("a half-close mid-response waits for the response")
            return
        }
        #expect(machine.isResponding)
        #expect(machine.responseEnds(mustClose: false) == true)
        #expect(machine.isClosing)
    }

    @Test func aHalfCloseBetweenRequestsClosesAfterQueuedWritesAndMidRequestAtOnce() {
        var idle = HTTP1ConnectionStateMachine()
        guard case .closeAfterQueuedWrites = idle.inputClosed() else {
            Issue.record("between requests the queued answers go out first")
            return
        }
        var midRequest = receiving()
        guard case .close = midRequest.inputClosed() else {
            Issue.record("half a request cannot be answered")
            return
        }
    }

    @Test func errorsCloseOutputForMalformedRequestsAndCloseOtherwise() {
        var malformed = receiving()
        guard case .closeOutput = malformed.errorCaught(isMalformedRequest: true) else {
            Issue.record("a malformed request's answer goes out before FIN")
            return
        }
        #expect(malformed.isClosing)
        var other = HTTP1ConnectionStateMachine()
        guard case .close = other.errorCaught(isMalformedRequest: false) else {
            Issue.record("other errors close at once")
            return
        }
    }

    @Test func theIdleTimerSparesConnectionsWaitingOnUs() {
        let timeout = TimeAmount.seconds(10)
        var responding = receiving()
        _ = responding.receive(.end(nil), maxBodyBytes: 8, uploading: false)
        // A delay, gate or upstream of ours: not idle, however long.
        guard
            case .checkAgain(let again) = responding.idleTimerFired(
                idleFor: .seconds(60), timeout: timeout, writable: true, uploadAwaitsClient: false)
        else {
            Issue.record("a response in progress is not idle")
            return
        }
        #expect(again == timeout)
        // A slow reader with our answer in its socket buffer: not idle either.
        var slowReader = HTTP1ConnectionStateMachine()
        guard
            case .checkAgain = slowReader.idleTimerFired(
                idleFor: .seconds(60), timeout: timeout, writable: false, uploadAwaitsClient: false)
        else {
            Issue.record("an unwritable socket is not idle")
            return
        }
    }

    @Test func theIdleTimerClosesWhenTheClientIsSilentForTheWholeTimeout() {
        let timeout = TimeAmount.seconds(10)
        var idle = HTTP1ConnectionStateMachine()
        guard
            case .checkAgain(let rest) = idle.idleTimerFired(
                idleFor: .seconds(4), timeout: timeout, writable: true, uploadAwaitsClient: false)
        else {
            Issue.record("4 s of 10 is not idle yet")
            return
        }
        #expect(rest == .seconds(6))
        guard
            case .close = idle.idleTimerFired(
                idleFor: .seconds(10), timeout: timeout, writable: true, uploadAwaitsClient: false)
        else {
            Issue.record("a silent client is closed at the time-out")
            return
        }
        #expect(idle.isClosing)
        // A body streaming upstream that waits for the client is the client's to keep coming.
        var upload = HTTP1ConnectionStateMachine()
        upload.startStreamingUpload()
        guard
            case .close = upload.idleTimerFired(
                idleFor: .seconds(10), timeout: timeout, writable: true, uploadAwaitsClient: true)
        else {
            Issue.record("a silent uploader is closed at the time-out")
            return
        }
    }
}
