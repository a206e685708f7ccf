import Foundation

/// The one interface both clients offer, so one contract suite tests them both.
public protocol StatusService: Sendable {
    /// Posts a status (form body `status=<text>`) to `POST /statuses/update.json`.
    func postStatus(_ text: String) async throws(StatusServiceError) -> PostedStatus
    /// Reads a page of the timeline (`GET /timeline?page=<n>`; page 1 has no query).
    func timeline(page: Int) async throws(StatusServiceError) -> [Post]
    /// Creates a review (`POST /restaurants/<id>/reviews`, JSON body).
    func createReview(_ review: NewReview, restaurantID: Int) async throws(StatusServiceError) -> Review
}
