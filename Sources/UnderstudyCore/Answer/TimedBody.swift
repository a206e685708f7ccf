import Foundation
import UnderstudyJSON

/// A response body that goes out piece by piece, each piece after its own delay: what a dribbled
/// body, body chunks and server-sent events all become, so that one piece of machinery
/// (the server's StubConnectionHandler+TimedBody.swift) sends them, ends them and journals them,
/// and the in-process transport plays the same steps to a URLProtocol client. Times are
/// `Duration`s: each transport waits them out on its own timers.
package struct TimedBody: Sendable {
    /// One thing to do once its delay, counted from the step before, has passed.
    package struct Step: Sendable {
        package enum Action: Sendable {
            /// Send these bytes as one piece of the body; `note`, when set, goes in the journal
            /// as a sub-event with the time it was sent.
            case send(Data, note: JSONObject?)
            /// Break the response here.
            case fault(Fault)
        }

        package var delay: Duration
        package var action: Action
        /// Waits at the body's ``TimedBody/gate`` first (a held server-sent event).
        package var held = false
    }

    package var steps: [Step]
    /// Stay open after the last step, until the client leaves or the server stops.
    package var keepOpen = false
    /// How often a heartbeat comment goes out while the body is open; nil for none.
    package var heartbeat: Duration?
    /// True for streams, whose client hangs up by closing: one that half-closes is taken to have
    /// left, and the body ends at once. A dribbled body is an ordinary response, and goes out whole.
    package var endsWhenClientCloses = false
    /// The gate held steps wait at, one release each; nil lets them go at once.
    package var gate: ResponseGate?

    /// WireMock's `chunkedDribbleDelay`: `count` near-equal pieces, each after an equal share of the total.
    package static func dribble(_ body: Data, _ dribble: ChunkedDribbleDelay) -> TimedBody {
        let pieces = split(body, into: dribble.numberOfChunks)
        let interval = Duration.milliseconds(max(0, dribble.totalDuration) / max(1, pieces.count))
        return TimedBody(steps: pieces.map { Step(delay: interval, action: .send($0, note: nil)) })
    }

    /// `bodyChunks`, each after its own delay.
    package static func chunks(_ chunks: [BodyChunk]) -> TimedBody {
        TimedBody(
            steps: chunks.map { chunk in
                Step(delay: .milliseconds(chunk.delayMilliseconds ?? 0), action: .send(chunk.bytes, note: nil))
            },
            endsWhenClientCloses: true)
    }

    /// `serverSentEvents`, starting after the one a reconnecting client saw last (`Last-Event-ID`).
    /// - Parameter gate: the engine's gate named by ``ServerSentEvents/heldBy``, if it adopted one.
    package static func serverSentEvents(_ stream: ServerSentEvents, lastEventID: String?, gate: ResponseGate?)
        -> TimedBody
    {
        let steps = stream.events(after: lastEventID).enumerated().map { offset, event in
            let delay = Duration.milliseconds(event.delayMilliseconds ?? 0)
            guard let text = event.wireText else {
                return Step(delay: delay, action: .fault(event.fault ?? .emptyResponse), held: event.held)
            }
            var note: JSONObject = ["index": .int(offset)]
            if let id = event.id { note["id"] = .string(id) }
            if let name = event.event { note["event"] = .string(name) }
            return Step(delay: delay, action: .send(Data(text.utf8), note: note), held: event.held)
        }
        return TimedBody(
            steps: steps, keepOpen: stream.keepOpen ?? false,
            heartbeat: stream.heartbeatMilliseconds.map { .milliseconds($0) }, endsWhenClientCloses: true,
            gate: gate)
    }

    /// The sub-event for a step that went out with a journal note, stamped now.
    package static func sent(_ note: JSONObject) -> SubEvent {
        var note = note
        note["sentAt"] = .string(ISO8601.string(Date()))
        return SubEvent(type: SubEvent.Kind.serverSentEvent, data: note)
    }

    /// The sub-event for a client that left after `count` steps had gone out.
    package static func clientLeft(afterSteps count: Int) -> SubEvent {
        SubEvent(
            type: SubEvent.Kind.clientLeftMidStream,
            data: ["stepsSent": .int(count), "at": .string(ISO8601.string(Date()))])
    }

    /// `count` pieces of near-equal size (fewer when the body is shorter than `count` bytes).
    package static func split(_ body: Data, into count: Int) -> [Data] {
        let n = max(1, min(count, body.count))
        let base = body.count / n
        let extra = body.count % n
        var pieces: [Data] = []
        var start = body.startIndex
        for i in 0..<n {
            let size = base + (i < extra ? 1 : 0)
            pieces.append(body[start..<(start + size)])
            start += size
        }
        return pieces
    }
}
