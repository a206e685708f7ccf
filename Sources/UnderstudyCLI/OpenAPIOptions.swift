import ArgumentParser
import Foundation
import UnderstudyOpenAPI

/// `--openapi FILE` (repeatable) and `--openapi-validation`, for `serve` and `check`.
struct OpenAPIOptions: ParsableArguments {
    @Option(
        name: .customLong("openapi"),
        help: ArgumentHelp(
            "An OpenAPI 3.0 or 3.1 spec (YAML or JSON): requests no stub matches are answered from it, and traffic is checked against it. Repeatable.",
            valueName: "file"))
    var files: [String] = []

    @Option(
        name: .customLong("openapi-validation"),
        help:
            "report: record violations and answer as usual; enforce: answer 400 (problem+json) to an invalid request and 405 to an undocumented method."
    )
    var mode: OpenAPIValidationMode = .report

    /// The contract, or nil without --openapi.
    /// - Throws: ``OpenAPISpecError`` naming the file, line and reason.
    func contract() throws(OpenAPISpecError) -> OpenAPIContract? {
        guard !files.isEmpty else { return nil }
        return try OpenAPIContract.load(files.map { URL(fileURLWithPath: $0) }, mode: mode)
    }
}

extension OpenAPIValidationMode: ExpressibleByArgument {}
