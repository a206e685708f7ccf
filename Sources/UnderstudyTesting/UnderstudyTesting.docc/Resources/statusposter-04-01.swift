import Foundation
import Observation

/// The screen that posts a review: what the UI shows while posting and after.
@MainActor @Observable
public final class ReviewForm {
    /// Where the form is.
    public enum State: Equatable, Sendable {
        /// Nothing sent yet.
        case editing
        /// The request is out: the UI shows "posting…" and disables the button.
        case posting
        /// The service created the review.
        case posted(Review)
        /// The service refused some fields; the UI shows these next to them.
        case rejected([FieldProblem])
        /// Anything else: the UI offers to retry.
        case failed(StatusServiceError)
    }

    /// Sends the review and moves through `posting` to the outcome.
    public func submit(_ review: NewReview) async {
        state = .posting
        do {
            state = .posted(try await service.createReview(review, restaurantID: restaurantID))
        } catch .rejected(let problems) {
            state = .rejected(problems)
        } catch {
            state = .failed(error)
        }
    }
}
