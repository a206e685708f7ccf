import Foundation
import RandomSupport

@testable import UnderstudyCore

/// Random stubs and requests for the near-miss differential tests: URLs built from a small
/// vocabulary so that many stubs look alike and distances tie often, with every kind of URL
/// matcher, methods, headers, query parameters, priorities, scenarios and long or non-ASCII paths.
struct NearMissCorpus {
    let segments: [String]

    init(random: inout SeededRandom) {
        let all = ["items", "users", "orders", "api", "v1", "v2", "reviews", "café", "a", "x-y", "search", "%20"]
        segments = (0..<Int.random(in: 2...all.count, using: &random)).map { _ in random.pick(all) }
    }

    func path(_ random: inout SeededRandom) -> String {
        var parts: [String] = []
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            parts.append(random.chance(30) ? String(Int.random(in: 0...120, using: &random)) : random.pick(segments))
        }
        if random.chance(3) { parts.append(String(repeating: "long", count: Int.random(in: 10...30, using: &random))) }
        return "/" + parts.joined(separator: "/")
    }

    func query(_ random: inout SeededRandom) -> String {
        random.chance(25) ? "?q=\(Int.random(in: 0...9, using: &random))&page=\(random.pick(["1", "2"]))" : ""
    }

    func stubJSON(_ random: inout SeededRandom) -> String {
        var request: [String] = []
        let method = random.pick(["GET", "GET", "GET", "POST", "PUT", "ANY"])
        request.append(#""method":"\#(method)""#)
        let p = path(&random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<4: request.append(#""url":"\#(p)\#(query(&random))""#)
        case 4..<7: request.append(#""urlPath":"\#(p)""#)
        case 7: request.append(#""urlPathPattern":"/\#(random.pick(segments))/[0-9]+""#)
        case 8: request.append(#""urlPathTemplate":"/\#(random.pick(segments))/{id}""#)
        default: break
        }
        if random.chance(15) { request.append(#""headers":{"X-Kind":{"equalTo":"\#(random.pick(["a", "b"]))"}}"#) }
        if random.chance(10) { request.append(#""queryParameters":{"q":{"equalTo":"3"}}"#) }
        var stub = [#""request":{\#(request.joined(separator: ","))}"#]
        if random.chance(20) { stub.append(#""priority":\#(Int.random(in: 1...6, using: &random))"#) }
        if random.chance(15) { stub.append(#""name":"stub \#(Int.random(in: 0...99, using: &random))""#) }
        if random.chance(10) {
            let state = random.pick(["Started", "second"])
            stub.append(#""scenarioName":"flow","requiredScenarioState":"\#(state)","newScenarioState":"second""#)
        }
        return "{" + stub.joined(separator: ",") + "}"
    }

    func store(stubCount: Int, random: inout SeededRandom) throws -> StubStore {
        let store = StubStore()
        for _ in 0..<stubCount { try store.add(StubMapping(jsonText: stubJSON(&random))) }
        return store
    }

    /// A request near one of the store's stubs (a few byte edits away) or made up afresh.
    func request(from store: StubStore, random: inout SeededRandom) -> LoggedRequest {
        var url = path(&random) + query(&random)
        if random.chance(70), let literal = random.pick(store.stubs).request.url.flatMap(Self.literal) {
            var bytes = Array(literal.utf8)
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let at = Int.random(in: 0...bytes.count, using: &random)
                let byte = random.pick(Array("/0123456789ab?=".utf8))
                if at < bytes.count && random.chance(50) { bytes[at] = byte } else { bytes.insert(byte, at: at) }
            }
            url = String(decoding: bytes, as: UTF8.self)
            if !url.hasPrefix("/") { url = "/" + url }
        }
        let headers = random.chance(30) ? [("X-Kind", random.pick(["a", "b", "c"]))] : []
        return UnderstudyCoreTests.request(random.pick(["GET", "GET", "POST", "DELETE"]), url, headers: headers)
    }

    private static func literal(_ matcher: URLMatcher) -> String? {
        switch matcher {
        case .url(let text), .urlPath(let text): return text
        default: return nil
        }
    }
}
