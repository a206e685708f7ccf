import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Builds the service's requests.
struct ChatRequests {
    let baseURL: URL
    let model: String

    /// `POST /v1/chat/completions` for a streamed answer to `prompt`; with `Last-Event-ID` when
    /// resuming after the event with that id.
    func completion(for prompt: String, resumingAfter lastEventID: String?) -> URLRequest {
        var request = URLRequest(url: baseURL.appendingPathComponent("v1/chat/completions"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        if let lastEventID { request.setValue(lastEventID, forHTTPHeaderField: "Last-Event-ID") }
        let body = ChatCompletionRequest(model: model, messages: [.init(role: "user", content: prompt)])
        // Encoding plain strings and a Bool cannot fail.
        request.httpBody = try? JSONEncoder().encode(body)
        return request
    }
}
