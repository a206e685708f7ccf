import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The older client: completion handlers on data tasks, the way the app was first written.
/// Being replaced by ``StatusClient``; both conform to ``StatusService`` so one contract suite
/// keeps them honest until the old one is gone.
public final class LegacyStatusClient: Sendable {
    /// Where the service lives.
    public let baseURL: URL
    private let requests: StatusRequests
    private let delegate: CredentialsDelegate
    private let session: URLSession
    private let observer: (any PostObserver)?

    /// A client with its own session built from `configuration`.
    public init(
        baseURL: URL, credentials: Credentials? = nil, configuration: URLSessionConfiguration = .ephemeral,
        observer: (any PostObserver)? = nil
    ) {
        self.baseURL = baseURL
        self.requests = StatusRequests(baseURL: baseURL)
        self.delegate = CredentialsDelegate(credentials: credentials)
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        self.observer = observer
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Posts a status; `completion` runs once, on a background queue, after the observer.
    public func postStatus(
        _ text: String, completion: @escaping @Sendable (Result<PostedStatus, StatusServiceError>) -> Void
    ) {
        let observer = self.observer
        send(requests.postStatus(text), as: PostedStatus.self) { result in
            observer?.statusPost(didFinishWith: PostOutcome(result))
            completion(result)
        }
    }

    /// Reads a page of the timeline (no offline cache: the legacy client never had one).
    public func timeline(page: Int, completion: @escaping @Sendable (Result<[Post], StatusServiceError>) -> Void) {
        send(requests.timeline(page: page), as: [Post].self, completion: completion)
    }

    /// Creates a review.
    public func createReview(
        _ review: NewReview, restaurantID: Int,
        completion: @escaping @Sendable (Result<Review, StatusServiceError>) -> Void
    ) {
        send(requests.createReview(review, restaurantID: restaurantID), as: Review.self, completion: completion)
    }

    private func send<T: Decodable & Sendable>(
        _ request: URLRequest, as type: T.Type, completion: @escaping @Sendable (Result<T, StatusServiceError>) -> Void
    ) {
        let delegate = self.delegate
        session.dataTask(with: request) { data, response, error in
            if let error {
                completion(
                    .failure(StatusServiceError.from(error, challengeRefused: delegate.takeRefusal(of: request))))
                return
            }
            guard let response else {
                completion(.failure(.malformedResponse))
                return
            }
            completion(
                Result { () throws(StatusServiceError) -> T in
                    try StatusRequests.decode(type, data: data ?? Data(), response: response)
                })
        }.resume()
    }
}

extension LegacyStatusClient: StatusService {
    /// ``postStatus(_:completion:)``, awaited.
    public func postStatus(_ text: String) async throws(StatusServiceError) -> PostedStatus {
        try await Self.awaiting { postStatus(text, completion: $0) }
    }

    /// ``timeline(page:completion:)``, awaited.
    public func timeline(page: Int) async throws(StatusServiceError) -> [Post] {
        try await Self.awaiting { timeline(page: page, completion: $0) }
    }

    /// ``createReview(_:restaurantID:completion:)``, awaited.
    public func createReview(_ review: NewReview, restaurantID: Int) async throws(StatusServiceError) -> Review {
        try await Self.awaiting { createReview(review, restaurantID: restaurantID, completion: $0) }
    }

    private static func awaiting<T: Sendable>(
        _ start: (@escaping @Sendable (Result<T, StatusServiceError>) -> Void) -> Void
    ) async throws(StatusServiceError) -> T {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<T, StatusServiceError>, Never>) in
            start { continuation.resume(returning: $0) }
        }
        return try result.get()
    }
}
