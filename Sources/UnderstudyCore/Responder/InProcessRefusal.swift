import Foundation

/// What the in-process transport cannot do on Linux, with the message a test author sees.
/// Each one names the server transport, which can do it.
package enum InProcessRefusal {
    case redirect(status: Int, location: String)
    case challenge(String)
    case dribble
    case stream(ResponseStream)
    case proxy(String)
    case hiddenUploadBody(stubName: String)

    /// The URLError code every refusal carries (-1008), distinct from the fault codes.
    package static let errorCode = URLError.Code.resourceUnavailable

    /// What the engine decided that in-process cannot render faithfully, if anything.
    /// - Parameter streamsReachClient: true when the task gets each loaded piece as it comes
    ///   (a data-task delegate on Linux), so a stream can go out piece by piece.
    package init?(_ decision: ServeDecision, streamsReachClient: Bool = false) {
        guard decision.wasMatched else { return nil }
        if decision.proxy != nil {
            self = .proxy(decision.proxy?.baseURL ?? "")
        } else if (300...399).contains(decision.status), let location = decision.headers.first("Location") {
            self = .redirect(status: decision.status, location: location)
        } else if decision.status == 401, case let challenges = decision.headers.values("WWW-Authenticate"),
            SessionChallengeRule.raisesChallenge(challenges)
        {
            self = .challenge(challenges.joined(separator: ", "))
        } else if decision.chunkedDribble != nil {
            self = .dribble
        } else if let stream = decision.stream, !streamsReachClient {
            self = .stream(stream)
        } else {
            return nil
        }
    }

    package var message: String {
        let fix =
            "Run this test over the server transport (StubServer, withStubServer, or withStubs(.server)), which serves it over a real socket."
        let orFix = fix.prefix(1).lowercased() + fix.dropFirst()
        switch self {
        case .redirect(let status, let location):
            return
                "Understudy in-process: the matched stub answers a redirect (\(status), Location: \(location)). URLSession on Linux cannot follow a redirect from a URLProtocol (corelibs stops the process), so the in-process transport refuses it. \(fix)"
        case .challenge(let challenge):
            return
                "Understudy in-process: the matched stub answers 401 with WWW-Authenticate: \(challenge). URLSession turns a Basic challenge with a realm into a challenge for its delegate, and a credential given to it is retried on the real network, not in-process, so the in-process transport refuses it (a Bearer or Digest 401, or Basic without a realm, reaches the client as it is). \(fix)"
        case .dribble:
            return
                "Understudy in-process: the matched stub dribbles its body in chunks (chunkedDribbleDelay), which only a socket can do. \(fix)"
        case .stream(.serverSentEvents):
            return
                "Understudy in-process: the matched stub streams server-sent events (serverSentEvents), which go out one at a time. \(Self.streamLimit) \(orFix)"
        case .stream(.chunks):
            return
                "Understudy in-process: the matched stub sends its body in timed chunks (bodyChunks). \(Self.streamLimit) \(orFix)"
        case .proxy(let target):
            return
                "Understudy in-process: the matched stub proxies to \(target); the in-process transport never goes to the network. \(fix)"
        case .hiddenUploadBody(let stubName):
            return
                "Understudy in-process: stub \(stubName) matches on the request body, but this is an upload task, and on Linux URLSession hides upload bodies from a URLProtocol. Send the body with a data task (httpBody or httpBodyStream), or \(orFix)"
        }
    }

    /// What was measured on Linux (Swift 6.3.1, swift-corelibs-foundation).
    package static let streamLimit =
        "On Linux, URLSession hands a URLProtocol's pieces on as they arrive only to a data task with a URLSessionDataDelegate; a completion handler or data(for:) keeps only the last piece, and there is no bytes(for:). This task has no data delegate, so the in-process transport refuses the stream rather than lose all but its last piece. Read it with dataTask(with:) and a URLSessionDataDelegate, or"

    package static func stubNeedingBody(among stubs: [StubMapping], for request: LoggedRequest) -> StubMapping? {
        let context = MatchContext(request: request)
        for stub in stubs {
            let pattern = stub.request
            guard !pattern.bodyPatterns.isEmpty || !pattern.multipartPatterns.isEmpty || !pattern.formParameters.isEmpty
            else { continue }
            var withoutBody = pattern
            withoutBody.bodyPatterns = []
            withoutBody.multipartPatterns = []
            withoutBody.formParameters = []
            if withoutBody.matches(context) { return stub }
        }
        return nil
    }
}
