import Logging
import UnderstudyCore

/// Logs each contract violation as it is noted: request violations when the request is
/// journalled, response violations once the response is out.
enum ContractViolationReporter {
    static func start(engine: StubEngine, logger: Logger) -> [ObservationToken] {
        let requests = engine.journal.observe { event in
            for subEvent in event.subEvents where subEvent.type == ContractViolation.Side.request.subEventType {
                log(subEvent, method: event.request.method, url: event.request.url, logger: logger)
            }
        }
        let responses = engine.journal.observeCompletions { completion in
            for subEvent in completion.subEvents where subEvent.type == ContractViolation.Side.response.subEventType {
                log(subEvent, method: nil, url: completion.id.lowercasedString, logger: logger)
            }
        }
        return [requests, responses]
    }

    private static func log(_ subEvent: SubEvent, method: String?, url: String, logger: Logger) {
        let fields = subEvent.data
        let place = [fields["where"]?.stringValue, fields["pointer"]?.stringValue].compactMap { $0 }.filter {
            !$0.isEmpty
        }.joined(separator: " ")
        let subject = method.map { "\($0) \(url)" } ?? "response to request \(url)"
        logger.warning(
            "\(subEvent.type) \(subject): \(place): \(fields["reason"]?.stringValue ?? "") (\(fields["specPath"]?.stringValue ?? ""))"
        )
    }
}
