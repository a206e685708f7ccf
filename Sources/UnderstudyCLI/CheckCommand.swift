import ArgumentParser
import Foundation
import UnderstudyCore

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

    func run() throws {
        let directory = MappingDirectory(root: URL(fileURLWithPath: root))
        guard FileManager.default.fileExists(atPath: directory.mappingsURL.path) else {
            print(
                "error: \(directory.mappingsURL.path) does not exist; --root must point at a folder holding mappings/")
            throw ExitCode(1)
        }
        let result = directory.load()
        let messages = directory.loadMessageMappings()
        let problems =
            result.errors + directory.bodyFileProblems(result.stubs)
            + directory.templateProblems(result.stubs, global: globalResponseTemplating) + messages.errors
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
