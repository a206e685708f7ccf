import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The service's routes as URLRequests, and its answers decoded: what both clients share, so
/// they differ only in how they wait for the network.
struct StatusRequests: Sendable {
    let baseURL: URL

    func postStatus(_ text: String) -> URLRequest {
        var request = URLRequest(url: url("/statuses/update.json"))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("status=\(Self.formEncode(text))".utf8)
        return request
    }

    func timeline(page: Int, cachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy) -> URLRequest {
        var request = URLRequest(url: url(page <= 1 ? "/timeline" : "/timeline?page=\(page)"))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.cachePolicy = cachePolicy
        return request
    }

    func createReview(_ review: NewReview, restaurantID: Int) -> URLRequest {
        var request = URLRequest(url: url("/restaurants/\(restaurantID)/reviews"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        request.httpBody = try? encoder.encode(review)
        return request
    }

    /// Checks the status, then decodes the body as `T`.
    static func decode<T: Decodable>(_ type: T.Type, data: Data, response: URLResponse) throws(StatusServiceError) -> T
    {
        guard let http = response as? HTTPURLResponse else { throw .malformedResponse }
        if let error = StatusServiceError.check(status: http.statusCode, body: data) { throw error }
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw .malformedResponse
        }
    }

    private func url(_ pathAndQuery: String) -> URL {
        URL(string: baseURL.absoluteString + pathAndQuery) ?? baseURL
    }

    /// `application/x-www-form-urlencoded`: unreserved characters as they are, space as `+`.
    static func formEncode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._* ")
        let escaped = text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
        return escaped.replacingOccurrences(of: " ", with: "+")
    }
}
