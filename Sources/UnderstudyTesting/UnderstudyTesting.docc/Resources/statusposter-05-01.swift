import Foundation
import StatusPoster
import Testing
import UnderstudyTesting

@Suite(.stubServer(root: StubsFolder.root))
@MainActor
struct FullStackTests {
    let reviews = RequestPattern.post("/restaurants/12345/reviews")

    func form(_ server: StubServer) -> ReviewForm {
        ReviewForm(
            service: StatusClient(baseURL: server.baseURL, configuration: server.sessionConfiguration()),
            restaurantID: 12345)
    }

    @Test func offline() async throws {
        let server = try StubServer.current
        await server.goOffline()
        let form = form(server)
        await form.submit(NewReview(title: "Whatever", stars: 5))
        #expect(form.state == .failed(.offline))
    }

    @Test func postingIsShownWhileTheAnswerIsHeld() async throws {
        let server = try StubServer.current
        let gate = server.stub(reviews, .created(json: #"{"id":2,"title":"Held"}"#).held(), priority: 1)
        let form = form(server)

        let submitting = Task { await form.submit(NewReview(title: "Held", stars: 4)) }
        await server.expectHeld(gate)
        #expect(form.state == .posting)
        gate.release()
        await submitting.value
        #expect(form.state == .posted(Review(id: 2, title: "Held")))
    }
}
