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
            "report: record violations and answer as usual; enforce: refuse an invalid request with the operation's documented 400 or 422 (else 400, problem+json), one without its credentials with 401, and an undocumented method with 405."
    )
    var mode: OpenAPIValidationMode = .report

    /// The contract, or nil without --openapi.
    /// - Throws: ``OpenAPISpecError`` naming the file, line and reason.
    func contract() throws(OpenAPISpecError) -> OpenAPIContract? {
        guard !files.isEmpty else { return nil }
        let contract = try OpenAPIContract.load(files.map { URL(fileURLWithPath: $0) }, mode: mode)
        for spec in contract.specs {
            for warning in spec.warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
        }
        return contract
    }
}

extension OpenAPIValidationMode: ExpressibleByArgument {}
