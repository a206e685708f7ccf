import Foundation
import UnderstudyJSON

/// What became of one webhook, as the journal notes it: the request sent, then the target's
/// status or the error, when, and how long it took.
struct WebhookOutcome {
    enum Result {
        case status(Int)
        case failure(String)
    }

    var request: WebhookRequest?
    var result: Result
    var elapsed: Duration = .zero
    var finishedAt = Date()

    var subEvent: SubEvent {
        var data: JSONObject = [:]
        if let request {
            var headers = JSONObject()
            for name in request.headers.names {
                headers[name] = .string(request.headers.values(name).joined(separator: ", "))
            }
            data["request"] = [
                "method": .string(request.method), "url": .string(request.url), "headers": .object(headers),
                "body": .string(String(decoding: request.body, as: UTF8.self))
            ]
        }
        switch result {
        case .status(let status): data["status"] = .int(status)
        case .failure(let message): data["error"] = .string(message)
        }
        data["finishedAt"] = .string(ISO8601DateFormatter().string(from: finishedAt))
        let (seconds, attoseconds) = elapsed.components
        data["elapsedMillis"] = .int(Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
        return SubEvent(type: SubEvent.Kind.webhook, data: data)
    }
}
