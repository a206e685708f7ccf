import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client under test in the articles: what a reader's own API client looks like.
struct ReviewsClient: Sendable {
    var baseURL: URL
    var session: URLSession

    struct Review: Codable, Equatable, Sendable {
        var id: Int
        var title: String
    }

    struct Failed: Error, Equatable {
        var status: Int
    }

    /// POST /reviews with a JSON body; the created review back.
    func create(title: String) async throws -> Review {
        var request = URLRequest(url: baseURL.appendingPathComponent("reviews"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(["title": title])
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else { throw Failed(status: status) }
        return try JSONDecoder().decode(Review.self, from: data)
    }

    /// GET /reviews; the list.
    func all() async throws -> [Review] {
        let (data, response) = try await session.data(from: baseURL.appendingPathComponent("reviews"))
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else { throw Failed(status: status) }
        return try JSONDecoder().decode([Review].self, from: data)
    }
}

/// The WireMock folder the articles load: `mappings/timeline.json` and `__files/timeline.json`.
enum SnippetFixtures {
    static let api = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/api")
}

/// A URLSession GET that returns status and body text, for snippets that only look at the answer.
func fetch(_ url: URL, session: URLSession) async throws -> (status: Int, text: String) {
    let (data, response) = try await session.data(from: url)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
}
