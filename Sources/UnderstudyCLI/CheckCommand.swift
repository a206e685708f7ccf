import ArgumentParser
import Foundation
import UnderstudyCore
import UnderstudyGraphQL
import UnderstudyOpenAPI

/// `understudy check`: validates a mapping folder the way start-up would, and more.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract:
            "Validate every mapping file, bodyFileName reference and response template; exit non-zero on any problem.")

    @Option(name: .long, help: "The folder with mappings/ and __files/ (WireMock's layout).")
    var root: String = "."

    @Flag(
        name: .long,
        help:
            "Check templates in every stub, as 'serve --global-response-templating' would render them (default: only stubs listing the response-template transformer)."
    )
    var globalResponseTemplating = false

    @Option(
        name: .customLong("openapi"),
        help: ArgumentHelp(
            "An OpenAPI 3.0 or 3.1 spec: each stub's response is checked against the operation its request reaches, and stubs that reach none are listed. Repeatable.",
            valueName: "file"))
    var openAPIFiles: [String] = []

    @Option(
        name: .customLong("graphql-schema"),
        help: ArgumentHelp(
            "A GraphQL schema (SDL): each stub's query (graphql-body-matcher) must validate against it, and the data it answers must have the query's shape.",
            valueName: "file"))
    var graphQLSchema: String?

    func run() throws {
        let directory = MappingDirectory(root: URL(fileURLWithPath: root))
        guard FileManager.default.fileExists(atPath: directory.mappingsURL.path) else {
            print(
                "error: \(directory.mappingsURL.path) does not exist; --root must point at a folder holding mappings/")
            throw ExitCode(1)
        }
        let result = directory.load()
        let messages = directory.loadMessageMappings()
        var problems =
            result.errors + directory.bodyFileProblems(result.stubs)
            + directory.templateProblems(result.stubs, global: globalResponseTemplating) + messages.errors
        if !openAPIFiles.isEmpty {
            let contract: OpenAPIContract
            do {
                contract = try OpenAPIContract.load(openAPIFiles.map { URL(fileURLWithPath: $0) })
            } catch {
                print("error: \(error)")
                throw ExitCode(1)
            }
            for spec in contract.specs { for warning in spec.warnings { print("warning: \(warning)") } }
            let report = StubDriftCheck(contract: contract).check(result.stubs, files: directory.files)
            problems += report.problems
            for stub in report.unreached { print("note: \(stub)") }
            print(
                "OpenAPI: \(report.checked) stub\(report.checked == 1 ? "" : "s") checked against the spec, \(report.unreached.count) reaching no operation"
            )
        }
        if let graphQLSchema {
            let model: GraphQLSchemaModel
            do {
                model = try GraphQLSchemaModel.load(URL(fileURLWithPath: graphQLSchema))
            } catch {
                print("error: \(error)")
                throw ExitCode(1)
            }
            let report = GraphQLStubCheck(model: model).check(result.stubs, files: directory.files)
            problems += report.problems
            print("GraphQL: \(report.checked) stub\(report.checked == 1 ? "" : "s") checked against the schema")
        }
        // Warnings (a key written twice, an id used twice) load as WireMock loads them; they fail nothing.
        for warning in result.warnings { print("warning: \(warning)") }
        for problem in problems { print("error: \(problem)") }
        let messageCounts =
            messages.fileCount == 0
            ? "" : "\(messages.fileCount) message mapping files, \(messages.stubs.count) message stubs, "
        print(
            "\(result.fileCount) mapping files, \(result.stubs.count) stubs, \(messageCounts)\(problems.count) problem\(problems.count == 1 ? "" : "s")"
        )
        if !problems.isEmpty { throw ExitCode(1) }
    }
}
