import Foundation
import NIOHPACK
import Testing
import UnderstudyCore

@testable import UnderstudyServer

/// HTTP/2's fast path (``HTTP2FastPath``) must be invisible: the same requests sent over HTTP/2
/// to a server with it and to one without it get the same header block, body, journal entry and
/// scenario states. Each case says which path must answer it, so a fast path that never engages
/// (or engages where it must not) fails here.
@Suite struct HTTP2FastPathAgreementTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var method: String
        var path: String
        var headers: [(String, String)] = []
        var body: String?
        var fast: Bool
        var testDescription: String { "\(method) \(path)\(headers.isEmpty ? "" : " \(headers)")" }
    }

    static let cases: [Case] = [
        Case(method: "GET", path: "/hello", fast: true),
        Case(method: "GET", path: "/hello", headers: [("user-agent", "t"), ("x-next", "1")], fast: true),
        Case(method: "GET", path: "/hello", headers: [("host", "example.com:8080")], fast: true),
        Case(method: "GET", path: "/json?q=a%20b", fast: true),
        Case(method: "OPTIONS", path: "/any", headers: [("x-key", "k")], fast: true),
        Case(method: "PUT", path: "/any", headers: [("x-key", "key 1"), ("content-length", "0")], fast: true),
        Case(method: "KILL", path: "/any", headers: [("x-key", "k")], fast: true),
        // Each of these the fast path leaves to the general one.
        Case(
            method: "POST", path: "/echo", headers: [("content-type", "application/json")], body: #"{"x": 1}"#,
            fast: false),
        Case(method: "HEAD", path: "/hello", fast: false),
        Case(method: "GET", path: "/missing", fast: false),
        Case(method: "GET", path: "/slow", fast: false),
        Case(method: "GET", path: "/tpl/x", fast: false),
        Case(method: "DELETE", path: "/gone", fast: false),
        Case(method: "GET", path: "/own-length", fast: false)
    ]

    @Test(arguments: cases)
    func bothPathsAnswerAndJournalAlike(_ testCase: Case) async throws {
        let stubs = FastPathAgreementTests.stubs
        try await withServer(stubs, configuration: FastPathAgreementTests.configuration(fast: true)) { fast in
            try await withServer(stubs, configuration: FastPathAgreementTests.configuration(fast: false)) { general in
                let fastAnswer = try await Self.exchange(testCase, port: fast.port)
                let generalAnswer = try await Self.exchange(testCase, port: general.port)
                #expect(fastAnswer.headers == generalAnswer.headers)
                #expect(fastAnswer.body == generalAnswer.body)
                #expect(generalAnswer.headers.first?.hasPrefix(":status: ") == true)
                #expect(fast.fastPathAnswerCount == (testCase.fast ? 1 : 0))
                #expect(general.fastPathAnswerCount == 0)
                let fastEntry = await FastPathAgreementTests.completedEntry(fast)
                let generalEntry = await FastPathAgreementTests.completedEntry(general)
                #expect(fastEntry == generalEntry)
                #expect(fastEntry?.protocolVersion == "HTTP/2.0")
            }
        }
    }

    @Test func scenariosMoveTheSameWayOnBothPathsAndStreamsShareAConnection() async throws {
        let stubs = FastPathAgreementTests.stubs
        try await withServer(stubs, configuration: FastPathAgreementTests.configuration(fast: true)) { fast in
            try await withServer(stubs, configuration: FastPathAgreementTests.configuration(fast: false)) { general in
                for server in [fast, general] {
                    let bodies = try await HTTP2TestClient.with(port: server.port) { client in
                        var bodies: [String] = []
                        for path in ["/step", "/hello", "/step", "/missing", "/step"] {
                            let answer = try await client.send("GET", path)
                            bodies.append(answer.status == 404 ? "404" : answer.bodyText)
                        }
                        return bodies
                    }
                    #expect(bodies == ["one", "Hello, world!", "two", "404", "two"])
                }
                #expect(fast.engine.store.scenarioStates == general.engine.store.scenarioStates)
                #expect(fast.fastPathAnswerCount == 4)
            }
        }
    }

    /// The header block as a list (order and repeats kept) and the body.
    static func exchange(_ testCase: Case, port: Int) async throws -> (headers: [String], body: String) {
        let exchange = try await HTTP2TestClient.with(port: port) { client in
            try await client.send(testCase.method, testCase.path, headers: testCase.headers, body: testCase.body)
        }
        let headers = exchange.headers.map { block in block.map { "\($0.name): \($0.value)" } } ?? []
        return (headers, exchange.bodyText)
    }
}
