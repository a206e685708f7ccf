import ArgumentParser
import Foundation
import UnderstudyCore

/// `understudy check`: validates a mapping folder the way start-up would, and more.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate every mapping file and bodyFileName reference; exit non-zero on any problem.")

    @Option(name: .long, help: "The folder with mappings/ and __files/ (WireMock's layout).")
    var root: String = "."

    func run() throws {
        let directory = MappingDirectory(root: URL(fileURLWithPath: root))
        guard FileManager.default.fileExists(atPath: directory.mappingsURL.path) else {
            print("error: \(directory.mappingsURL.path) does not exist; --root must point at a folder holding mappings/")
            throw ExitCode(1)
        }
        let result = directory.load()
        let problems = result.errors + directory.bodyFileProblems(result.stubs)
        for problem in problems { print("error: \(problem)") }
        print("\(result.fileCount) mapping files, \(result.stubs.count) stubs, \(problems.count) problem\(problems.count == 1 ? "" : "s")")
        if !problems.isEmpty { throw ExitCode(1) }
    }
}
