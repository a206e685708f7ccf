import Foundation
import Synchronization
import Testing

@testable import UnderstudyCore

/// The message journal keeps the newest messages, oldest first, once its ring has wrapped, and
/// edits in the middle of a wrapped ring keep that order.
@Suite struct MessageJournalTests {
    static let channelID = UUID()

    static func event(_ text: String) -> MessageServeEvent {
        MessageServeEvent(
            direction: .received, channelID: channelID, channelRequest: LoggedRequest(method: "GET", url: "/chat"),
            message: .text(text), stub: nil)
    }

    static func texts(_ journal: MessageJournal) -> [String] { journal.events.map(\.message.journalText) }

    @Test func aFullRingKeepsTheNewestOldestFirst() {
        let journal = MessageJournal(capacity: 3)
        for n in 1...7 { journal.record(Self.event("m\(n)")) }
        #expect(Self.texts(journal) == ["m5", "m6", "m7"])
    }

    @Test func observersHearEveryMessageWhileTheRingWraps() {
        let journal = MessageJournal(capacity: 2)
        let heard = Mutex<[String]>([])
        let token = journal.observe { event in heard.withLock { $0.append(event.message.journalText) } }
        defer { token.cancel() }
        for n in 1...5 { journal.record(Self.event("m\(n)")) }
        #expect(heard.withLock { $0 } == ["m1", "m2", "m3", "m4", "m5"])
        #expect(Self.texts(journal) == ["m4", "m5"])
    }

    @Test func removingFromAWrappedRingKeepsTheOrder() throws {
        let journal = MessageJournal(capacity: 4)
        for n in 1...6 { journal.record(Self.event("m\(n)")) }
        let middle = try #require(journal.events.first { $0.message.journalText == "m4" })
        #expect(journal.remove(id: middle.id)?.message.journalText == "m4")
        #expect(Self.texts(journal) == ["m3", "m5", "m6"])
        journal.record(Self.event("m7"))
        #expect(Self.texts(journal) == ["m3", "m5", "m6", "m7"])
        journal.record(Self.event("m8"))
        #expect(Self.texts(journal) == ["m5", "m6", "m7", "m8"])
    }

    @Test func aJournalOfNoCapacityKeepsNothing() {
        let journal = MessageJournal(capacity: 0)
        journal.record(Self.event("m1"))
        #expect(journal.events.isEmpty)
    }
}
