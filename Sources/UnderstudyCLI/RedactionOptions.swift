import ArgumentParser
import UnderstudyRecording

/// The secrets options shared by record, import-har and export-har.
struct RedactionOptions: ParsableArguments {
    @Option(
        name: .long,
        help:
            "Also redact this header (repeatable). Authorization, Cookie, Set-Cookie and Proxy-Authorization always are."
    )
    var redactHeader: [String] = []

    @Option(
        name: .long,
        help:
            "Redact this JSON field in bodies (repeatable): a key name anywhere, or a dotted path from the root (user.token)."
    )
    var redactJsonField: [String] = []

    @Option(
        name: .long,
        help:
            "Redact this form field or query parameter (repeatable). A bare --redact-json-field name is redacted there too."
    )
    var redactParam: [String] = []

    var policy: RedactionPolicy {
        RedactionPolicy.defaults(plusHeaders: redactHeader, jsonFields: redactJsonField, parameters: redactParam)
    }
}

/// The stub-shaping options shared by record and import-har.
struct StubShapeOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "Match recorded requests on this header too (repeatable). Redacted headers are never matched on.")
    var captureHeader: [String] = []

    @Flag(
        inversion: .prefixedNo,
        help: """
            Record identical requests with different answers as a scenario that replays them in order, as \
            WireMock's recorder does (the default); --no-repeats-as-scenarios keeps the first answer only.
            """)
    var repeatsAsScenarios = true

    @Option(
        name: .long,
        help:
            "Text bodies up to this many bytes stay inline in the stub; longer ones, and every binary body, go to __files."
    )
    var textSizeThreshold: Int = 10 * 1024

    @Flag(
        name: .long,
        help: "Remove every mapping already in the folder first (default: keep stubs a new recording does not replace)."
    )
    var overwrite = false

    func spec(target: String?, redaction: RedactionPolicy) -> RecordSpec {
        RecordSpec(
            targetBaseURL: target, captureHeaders: captureHeader.map { ($0, false) },
            textSizeThreshold: max(0, textSizeThreshold),
            persist: true, repeatsAsScenarios: repeatsAsScenarios, redaction: redaction)
    }
}
