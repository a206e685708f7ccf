import Logging
import UnderstudyCore

/// In verbose mode, prints WireMock's near-miss diff for every request no stub matched, as
/// WireMock prints it to its console.
enum NotMatchedReporter {
    static func start(engine: StubEngine, logger: Logger) -> ObservationToken {
        engine.journal.observe { event in
            guard !event.wasMatched, !event.request.path.hasPrefix("/__admin") else { return }
            let report = event.subEvents.first { $0.type == SubEvent.Kind.requestNotMatched }?.data["report"]?
                .stringValue
            logger.info("\(event.request.method) \(event.request.url) matched no stub\n\(report ?? "")")
        }
    }
}
