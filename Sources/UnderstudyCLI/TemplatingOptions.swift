import ArgumentParser
import UnderstudyTemplating

/// `serve`'s template-engine options beyond the templating mode.
struct TemplatingOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "How many compiled response templates to keep (WireMock's option of the same name); 0 keeps none.")
    var maxTemplateCacheEntries: Int = TemplateCache.defaultCapacity

    @Option(
        name: .long,
        help: """
            What {{…}} escapes: 'wiremock3' (nothing, as WireMock 3 does) or 'wiremock2' (HTML entities for & < > " ' ` =).
            """)
    var templateEscaping: TemplateEscaping = .wiremock3

    func validate() throws {
        guard maxTemplateCacheEntries >= 0 else {
            throw ValidationError("--max-template-cache-entries must not be negative")
        }
    }
}

extension TemplateEscaping: ExpressibleByArgument {}
