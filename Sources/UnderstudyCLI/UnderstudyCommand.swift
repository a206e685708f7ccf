import ArgumentParser
import UnderstudyCore

/// `understudy`: a WireMock-compatible stub server and its tools.
@main
struct UnderstudyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "understudy",
        abstract: "A WireMock-compatible HTTP stub server for testing Swift networking code.",
        version: UnderstudyVersion.current,
        subcommands: [
            ServeCommand.self, CheckCommand.self, RecordCommand.self, VerifyRecordingsCommand.self,
            ImportHARCommand.self,
            ExportHARCommand.self
        ])
}
