import UnderstudyCore

/// The design we replaced, kept as the baseline: one ordered list, scanned from the top until a
/// stub matches (WireMock's own approach).
struct LinearScanBaseline {
    let ordered: [StubMapping]

    init(_ store: StubStore) { ordered = store.stubs }

    func match(_ request: LoggedRequest) -> StubMapping? {
        let context = MatchContext(request: request)
        return ordered.first { $0.request.matches(context) }
    }
}
