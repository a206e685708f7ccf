import Foundation
import Testing
import UnderstudyCore
import UnderstudyJSON

@testable import UnderstudyServer

/// The dashboard's page and reads under `/__understudy`, over real sockets.
@Suite struct DashboardPageTests {
    static let stubs = [#"{"name":"hello","request":{"url":"/hello"},"response":{"status":200,"body":"hi"}}"#]

    @Test(arguments: [
        ("/__understudy/", "text/html; charset=utf-8"),
        ("/__understudy/dashboard.js", "text/javascript; charset=utf-8"),
        ("/__understudy/dashboard.css", "text/css; charset=utf-8")
    ])
    func thePagesFilesAreServedWithTheirTypes(_ path: String, _ type: String) async throws {
        try await withAdminServer(stubs: Self.stubs) { server in
            let response = try await AdminTokenTests.send("GET", path, port: server.port)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == type)
            let name = path == "/__understudy/" ? "index.html" : String(path.dropFirst("/__understudy/".count))
            #expect(response.bodyText == DashboardAssets.files[name])
        }
    }

    @Test func thePageAllowsNothingFromElsewhere() async throws {
        try await withAdminServer(stubs: Self.stubs) { server in
            let response = try await AdminTokenTests.send("GET", "/__understudy/", port: server.port)
            #expect(response.header("Content-Security-Policy")?.contains("default-src 'self'") == true)
            #expect(response.bodyText.contains(#"<script src="dashboard.js""#))
        }
    }

    @Test func thePathWithoutItsSlashIsSentOn() async throws {
        try await withAdminServer(stubs: Self.stubs) { server in
            let response = try await AdminTokenTests.send("GET", "/__understudy", port: server.port)
            #expect(response.status == 308)
            #expect(response.header("Location") == "/__understudy/")
        }
    }

    @Test(arguments: ["/__understudy/nothing.js", "/__understudy/a/b"])
    func anUnknownFileIs404AndNotJournalled(_ path: String) async throws {
        try await withAdminServer(stubs: Self.stubs) { server in
            let response = try await AdminTokenTests.send("GET", path, port: server.port)
            #expect(response.status == 404)
            #expect(server.engine.journal.count == 0)
        }
    }

    @Test func aCatchAllStubDoesNotHideThePage() async throws {
        let catchAll = #"{"request":{"urlPattern":".*"},"response":{"status":200,"body":"stub"}}"#
        try await withAdminServer(stubs: [catchAll]) { server in
            let response = try await AdminTokenTests.send("GET", "/__understudy/", port: server.port)
            #expect(response.bodyText == DashboardAssets.files["index.html"])
        }
    }

    @Test func otherMethodsAre405() async throws {
        try await withAdminServer(stubs: Self.stubs) { server in
            let response = try await AdminTokenTests.send("POST", "/__understudy/", port: server.port)
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, HEAD")
        }
    }

    @Test func theRequestSummariesAreNewestFirst() async throws {
        try await withAdminServer(stubs: Self.stubs) { server in
            _ = try await AdminTokenTests.send("GET", "/hello", port: server.port)
            _ = try await AdminTokenTests.send("GET", "/missing", port: server.port)
            let response = try await AdminTokenTests.send("GET", "/__understudy/requests", port: server.port)
            #expect(response.status == 200)
            let requests = try #require(try JSONParser.parse(Data(response.body))["requests"]?.arrayValue)
            #expect(requests.map { $0["url"]?.stringValue } == ["/missing", "/hello"])
            #expect(requests.map { $0["matched"]?.boolValue } == [false, true])
            #expect(requests[1]["stubName"]?.stringValue == "hello")
            #expect(requests[1]["status"]?.numberValue?.intValue == 200)
        }
    }

    @Test func anUnmatchedRequestsNearMissesCarryTheDiffRows() async throws {
        try await withAdminServer(stubs: Self.stubs) { server in
            _ = try await AdminTokenTests.send("GET", "/helo", port: server.port)
            let id = try #require(server.engine.journal.events.first?.id.lowercasedString)
            let response = try await AdminTokenTests.send("GET", "/__understudy/near-misses/\(id)", port: server.port)
            #expect(response.status == 200)
            let misses = try #require(try JSONParser.parse(Data(response.body))["nearMisses"]?.arrayValue)
            #expect(misses.first?["stubName"]?.stringValue == "hello")
            let rows = try #require(misses.first?["rows"]?.arrayValue)
            let urlRow = try #require(rows.first { $0["mismatch"]?.stringValue == "URL" })
            #expect(urlRow["expected"]?.stringValue == "/hello")
            #expect(urlRow["actual"]?.stringValue == "/helo")
        }
    }

    @Test(arguments: ["not-a-uuid", "00000000-0000-0000-0000-000000000000"])
    func nearMissesForABadOrUnknownIDSaySo(_ id: String) async throws {
        try await withAdminServer(stubs: Self.stubs) { server in
            let response = try await AdminTokenTests.send("GET", "/__understudy/near-misses/\(id)", port: server.port)
            #expect(response.status == (id == "not-a-uuid" ? 400 : 404))
            #expect(try JSONParser.parse(Data(response.body))["errors"]?[0]?["title"]?.stringValue != nil)
        }
    }

    /// What the page reads needs the token; the page itself (code, no data) does not, since a
    /// browser cannot send a header when it navigates.
    @Test(arguments: ["/__understudy/requests", "/__understudy/events", "/__understudy/stub-sources"])
    func theServersDataWantsTheAdminToken(_ path: String) async throws {
        try await withAdminServer(stubs: Self.stubs, configuration: AdminTokenTests.tokenConfiguration("s3cret")) {
            server in
            let page = try await AdminTokenTests.send("GET", "/__understudy/", port: server.port)
            #expect(page.status == 200)
            let refused = try await AdminTokenTests.send("GET", path, port: server.port)
            #expect(refused.status == 401)
            #expect(refused.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
            if path != "/__understudy/events" {
                let admitted = try await AdminTokenTests.send(
                    "GET", path, headers: ["X-Understudy-Admin-Token: s3cret"], port: server.port)
                #expect(admitted.status == 200)
            }
        }
    }

    @Test(arguments: [
        ([String](), false),
        (["X-Understudy-Admin-Token: wrong"], false),
        (["X-Understudy-Admin-Token: s3cret"], true)
    ])
    func theSessionSaysWhetherTheTokenIsRight(_ headers: [String], _ accepted: Bool) async throws {
        try await withAdminServer(stubs: Self.stubs, configuration: AdminTokenTests.tokenConfiguration("s3cret")) {
            server in
            let response = try await AdminTokenTests.send(
                "GET", "/__understudy/session", headers: headers, port: server.port)
            #expect(response.status == 200)
            let json = try JSONParser.parse(Data(response.body))
            #expect(json["tokenRequired"]?.boolValue == true)
            #expect(json["tokenAccepted"]?.boolValue == accepted)
        }
    }

    @Test func withoutATokenTheSessionNeedsNone() async throws {
        try await withAdminServer(stubs: Self.stubs) { server in
            let response = try await AdminTokenTests.send("GET", "/__understudy/session", port: server.port)
            let json = try JSONParser.parse(Data(response.body))
            #expect(json["tokenRequired"]?.boolValue == false)
            #expect(json["tokenAccepted"]?.boolValue == true)
        }
    }
}
