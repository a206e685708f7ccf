import Foundation
import Synchronization
import UnderstudyTemplating

/// The `message` stubs that may answer one channel, in match order, worked out once per version
/// of the stub store instead of on every message. A channel pattern that reads only the opening
/// request's method, URL, scheme, port and Basic credentials gives the same answer for the
/// channel's whole life, so it is checked here once; any other (a header, cookie or host matcher
/// may compare dates with now) stays with its stub and is checked on every message, as before.
final class MessageCandidates: Sendable {
    /// One stub that may answer, with what is left to check per message.
    final class Candidate: Sendable {
        let stub: MessageStubMapping
        let body: StringValuePattern?
        /// Nil when the channel is already known to match.
        let channel: RequestPattern?
        /// The compiled template of each of the stub's actions that renders one (nil for the
        /// others), so a message costs no template cache lookup.
        let templates: [Result<MessageTemplate, TemplateError>?]

        init(stub: MessageStubMapping, body: StringValuePattern?, channel: RequestPattern?, cache: TemplateCache) {
            self.stub = stub
            self.body = body
            self.channel = channel
            templates = stub.actions.map { action -> Result<MessageTemplate, TemplateError>? in
                guard case .send(let send) = action, let text = send.templateText else { return nil }
                do throws(TemplateError) {
                    return .success(MessageTemplate(try cache.template(text)))
                } catch {
                    return .failure(error)
                }
            }
        }
    }

    /// The store's version these were worked out from.
    let version: Int
    let list: [Candidate]

    init(version: Int, stubs: [MessageStubMapping], request: LoggedRequest, templates: TemplateCache) {
        self.version = version
        var context: MatchContext?
        list = stubs.compactMap { stub in
            guard case .message(let channel, let body) = stub.trigger else { return nil }
            guard let channel, channel.matchesAlikeForAChannelsLife else {
                return Candidate(stub: stub, body: body, channel: channel, cache: templates)
            }
            let made = context ?? MatchContext(request: request)
            context = made
            return channel.matches(made) ? Candidate(stub: stub, body: body, channel: nil, cache: templates) : nil
        }
    }

    /// The first stub whose remaining patterns match `message` on a channel opened by `request`.
    func first(matching message: MessageBody, request: SharedRequest) -> Candidate? {
        // Made only when a stub has a channel pattern left to check.
        var context: MatchContext?
        for candidate in list {
            if let body = candidate.body, !body.matches(message) { continue }
            if let channel = candidate.channel {
                let made = context ?? MatchContext(request: request.request)
                context = made
                if !channel.matches(made) { continue }
            }
            return candidate
        }
        return nil
    }
}

extension RequestPattern {
    /// True when the pattern reads nothing whose match could change over time for one request:
    /// no header, query, form, cookie, host, client address, path parameter, body or Digest
    /// matcher (date matchers compare with now; a Digest nonce expires).
    var matchesAlikeForAChannelsLife: Bool {
        pathParameters.isEmpty && headers.isEmpty && queryParameters.isEmpty && formParameters.isEmpty
            && cookies.isEmpty && bodyPatterns.isEmpty && multipartPatterns.isEmpty && host == nil && clientIp == nil
            && digestAuthCredentials == nil
    }
}
