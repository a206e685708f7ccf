import Foundation
import Testing

@testable import UnderstudyCore

/// The one routing decision every transport asks, and the answers the responder gives, checked
/// without a channel or a session.
@Suite struct ResponderTests {
    @Test(arguments: ["/__admin", "/__admin/", "/__admin/mappings", "/__admin?x=1", "/__admin/requests/count"])
    func theAdminAPIsPaths(target: String) {
        #expect(RequestRoute(target: target, isOffline: false) == .admin)
    }

    @Test(arguments: ["/__understudy", "/__understudy/", "/__understudy/events", "/__understudy?token=t"])
    func theDashboardsPaths(target: String) {
        #expect(RequestRoute(target: target, isOffline: false) == .dashboard)
    }

    /// A stub may serve a path that only starts like ours.
    @Test(arguments: ["/", "/__adminx", "/__admins/1", "/__understudyx", "/api/__admin", "/x?/__admin", ""])
    func everythingElseGoesToTheEngine(target: String) {
        #expect(RequestRoute(target: target, isOffline: false) == .engine)
    }

    /// Offline, no request is answered: not a stub's, not the admin API's, not the dashboard's.
    @Test(arguments: ["/api/users", "/__admin/mappings", "/__understudy/"])
    func offlineWinsOverEveryRoute(target: String) {
        #expect(RequestRoute(target: target, isOffline: true) == .offline)
    }

    /// A host without a socket mounts nothing: its stubs may serve `/__admin` like any path.
    @Test(arguments: ["/__admin/mappings", "/__understudy/"])
    func aSocketlessHostSendsOurPathsToItsStubs(target: String) {
        #expect(Responder(engine: StubEngine(), isOffline: { false }).route(target) == .engine)
    }

    struct EchoAdmin: AdminRequestHandler {
        func handle(_ request: LoggedRequest) -> AdminResponse {
            AdminResponse(status: 200, body: Data(request.url.utf8))
        }
    }

    func serverResponder(admin: (any AdminRequestHandler)?, token: String? = nil, offline: Bool = false) throws
        -> Responder
    {
        let engine = StubEngine(store: try store([try stub(#"{"request":{"url":"/a"},"response":{"status":201}}"#)]))
        return Responder(engine: engine, admin: admin, adminToken: token, isOffline: { offline })
    }

    func answer(_ responder: Responder, _ url: String, headers: [(String, String)] = []) -> ResponderAnswer {
        let request = request("GET", url, headers: headers)
        return responder.respond(request, route: responder.route(url))
    }

    @Test func aStubRequestGetsTheEnginesJournalledDecision() throws {
        let responder = try serverResponder(admin: EchoAdmin())
        guard case .stub(let decision) = answer(responder, "/a") else {
            Issue.record("expected the engine's decision")
            return
        }
        #expect(decision.status == 201)
        #expect(responder.engine.journal.events.count == 1)
    }

    @Test func anAdminRequestGetsTheAdminAPIsAnswerAndNoJournalEntry() throws {
        let responder = try serverResponder(admin: EchoAdmin())
        guard case .admin(let response) = answer(responder, "/__admin/mappings") else {
            Issue.record("expected the admin API's answer")
            return
        }
        #expect(String(decoding: response.body, as: UTF8.self) == "/__admin/mappings")
        #expect(responder.engine.journal.events.isEmpty)
    }

    @Test func withATokenTheAdminAPIAnswersOnlyWhoSendsIt() throws {
        let responder = try serverResponder(admin: EchoAdmin(), token: "s3cret")
        guard case .admin(let refused) = answer(responder, "/__admin/mappings"),
            case .admin(let admitted) = answer(
                responder, "/__admin/mappings", headers: [("Authorization", "Bearer s3cret")])
        else {
            Issue.record("expected two admin answers")
            return
        }
        #expect(refused.status == 401)
        #expect(admitted.status == 200)
    }

    @Test func aServerWithoutAnAdminAPISaysSo() throws {
        guard case .admin(let response) = answer(try serverResponder(admin: nil), "/__admin/mappings") else {
            Issue.record("expected an admin answer")
            return
        }
        #expect(response.status == 404)
    }

    @Test func offlineResetsAndJournalsNothing() throws {
        let responder = try serverResponder(admin: EchoAdmin(), offline: true)
        guard case .reset = answer(responder, "/a") else {
            Issue.record("expected a reset")
            return
        }
        #expect(responder.engine.journal.events.isEmpty)
    }
}
