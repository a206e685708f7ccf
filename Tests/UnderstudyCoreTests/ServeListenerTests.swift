import Foundation
import Synchronization
import Testing

@testable import UnderstudyCore

/// A listener plugs into the engine without the engine knowing it: told of each answered request
/// once, after its journal entry is complete, with what went out.
@Suite struct ServeListenerTests {
    final class Recorder: ServeListener {
        let seen = Mutex<[(status: Int, url: String?, completed: Bool)]>([])

        func served(_ decision: ServeDecision, response: LoggedResponse, engine: StubEngine) {
            let event = engine.journal.recentEvent(id: decision.eventID)
            seen.withLock {
                $0.append((response.status, event?.request.url, event?.response != nil))
            }
        }
    }

    @Test func aListenerIsToldOfEachAnsweredRequestOnceItsEntryIsComplete() throws {
        let engine = StubEngine(store: try store([try stub(#"{"request":{"url":"/a"},"response":{"status":201}}"#)]))
        let recorder = Recorder()
        engine.listen(recorder)
        for url in ["/a", "/missing"] {
            let decision = try #require(engine.decide(request("GET", url), capabilities: .inline).run())
            engine.complete(decision)
        }
        let seen = recorder.seen.withLock { $0 }
        #expect(seen.map(\.status) == [201, 404])
        #expect(seen.map(\.url) == ["/a", "/missing"])
        #expect(seen.allSatisfy { $0.completed })
    }
}
