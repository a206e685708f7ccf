import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The modern client: async/await on URLSession.
///
/// ```swift
/// let client = StatusClient(baseURL: url, credentials: Credentials(user: "rita", password: "mysecret"))
/// let posts = try await client.timeline(page: 1)
/// ```
public final class StatusClient: StatusService {
    /// Where the service lives.
    public let baseURL: URL
    private let requests: StatusRequests
    private let delegate: CredentialsDelegate
    private let session: URLSession
    private let observer: (any PostObserver)?

    /// A client with its own session built from `configuration` (pass a stub host's configuration
    /// in tests; its `urlCache` serves the timeline when offline).
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

    /// Posts a status and tells the observer how it went.
    public func postStatus(_ text: String) async throws(StatusServiceError) -> PostedStatus {
        let result: Result<PostedStatus, StatusServiceError>
        do {
            result = .success(try await send(requests.postStatus(text), as: PostedStatus.self))
        } catch {
            result = .failure(error)
        }
        observer?.statusPost(didFinishWith: PostOutcome(result))
        return try result.get()
    }

    /// A page of the timeline; offline, the cached copy when the session's cache has one.
    public func timeline(page: Int) async throws(StatusServiceError) -> [Post] {
        do {
            return try await send(requests.timeline(page: page), as: [Post].self)
        } catch .offline {
            return try await send(
                requests.timeline(page: page, cachePolicy: .returnCacheDataDontLoad), as: [Post].self,
                offlineError: .offline)
        }
    }

    /// Creates a review; a 422 comes back as ``StatusServiceError/rejected(_:)`` with the fields.
    public func createReview(_ review: NewReview, restaurantID: Int) async throws(StatusServiceError) -> Review {
        try await send(requests.createReview(review, restaurantID: restaurantID), as: Review.self)
    }

    private func send<T: Decodable>(_ request: URLRequest, as type: T.Type, offlineError: StatusServiceError? = nil)
        async throws(StatusServiceError) -> T
    {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw offlineError ?? StatusServiceError.from(error, challengeRefused: delegate.takeRefusal(of: request))
        }
        return try StatusRequests.decode(type, data: data, response: response)
    }
}
