import ArgumentParser
import Foundation
import UnderstudyCore
import UnderstudyRecording

/// `understudy import-har`: stubs from a browser's or a proxy's HTTP Archive.
struct ImportHARCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-har",
        abstract: "Turn a HAR 1.2 file into stubs in mappings/ and __files/, with the same redaction as record.")

    @Argument(help: "The .har file.")
    var file: String

    @Option(name: .long, help: "The folder to write mappings/ and __files/ into.")
    var root: String = "."

    @OptionGroup var redaction: RedactionOptions
    @OptionGroup var shape: StubShapeOptions

    func run() throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw ValidationError("cannot read \(file): \(error.localizedDescription)")
        }
        let har: HARImport.Result
        do {
            har = try HARImport.read(data)
        } catch {
            FileHandle.standardError.write(Data("error: \(file): \(error)\n".utf8))
            throw ExitCode(1)
        }
        for (reason, count) in har.skipped {
            FileHandle.standardError.write(
                Data("warning: skipped \(count) entr\(count == 1 ? "y" : "ies"): \(reason)\n".utf8))
        }
        if !har.relativeURLEntries.isEmpty {
            let count = har.relativeURLEntries.count
            let listed = har.relativeURLEntries.prefix(10).map { String($0) }.joined(separator: ", ")
            FileHandle.standardError.write(
                Data(
                    "warning: \(count) entr\(count == 1 ? "y has" : "ies have") a URL without scheme and host (entries \(listed)\(count > 10 ? ", …" : "")); imported by path and query, the host from their Host header\n"
                        .utf8))
        }
        let events = har.events
        guard !events.isEmpty else {
            FileHandle.standardError.write(
                Data("error: \(file): no entry could be imported (see above); nothing was written to \(root)\n".utf8))
            throw ExitCode(1)
        }
        var spec = shape.spec(target: nil, redaction: redaction.policy)
        spec.filters.allowNonProxied = true
        let result = StubGenerator(spec: spec).stubs(from: events)
        let writer = RecordingWriter(
            directory: MappingDirectory(root: URL(fileURLWithPath: root)), overwrite: shape.overwrite)
        let summary: RecordingWriter.Summary
        do {
            summary = try writer.write(result.stubs)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(1)
        }
        RecordingPrinter.print(
            RecordingPrinter.lines(
                stubCount: result.stubs.count, root: root, written: summary, redactions: result.redactions))
    }
}
