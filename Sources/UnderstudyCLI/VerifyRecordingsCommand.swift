import ArgumentParser
import Foundation
import UnderstudyCore
import UnderstudyRecording

/// `understudy verify-recordings`: drift without a spec, by replaying recordings to the real API.
struct VerifyRecordingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-recordings",
        abstract:
            "Replay each recorded request to the live API and report how its answers' structure differs from the recording; exit 1 on any difference.",
        discussion: """
            Compares the status, the content type and the shape of JSON bodies (fields added, removed or of another \
            type, and array elements' shapes), never values. Live answers go through the recorder's redaction first, \
            and nothing printed holds a header value or a body value.
            """)

    @Option(name: .long, help: "The folder with the recorded mappings/ and __files/.")
    var root: String = "."

    @Option(name: .long, help: "The live API's base URL, e.g. https://api.example.com.")
    var target: String

    @Option(
        name: .customLong("header"),
        help: ArgumentHelp(
            "Send this header with every replayed request (repeatable), e.g. credentials; its value is never printed.",
            valueName: "name: value"))
    var headers: [String] = []

    @OptionGroup var redaction: RedactionOptions

    func validate() throws {
        guard let url = URL(string: target), let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased()),
            url.host != nil
        else {
            throw ValidationError("--target must be an http or https URL, e.g. https://api.example.com")
        }
        for header in headers where !header.contains(":") {
            // The value may be a secret: name only what comes before it.
            let name = header.prefix(while: { $0 != " " && $0 != "=" })
            throw ValidationError("--header \(name)… must be written \"name: value\"")
        }
    }

    func run() async throws {
        let directory = MappingDirectory(root: URL(fileURLWithPath: root))
        guard FileManager.default.fileExists(atPath: directory.mappingsURL.path) else {
            print(
                "error: \(directory.mappingsURL.path) does not exist; --root must point at a folder holding mappings/")
            throw ExitCode(1)
        }
        let loaded = directory.load()
        for problem in loaded.errors { print("error: \(problem)") }
        var extra = HeaderFields()
        for header in headers {
            let colon = header.firstIndex(of: ":")!
            extra.add(
                header[..<colon].trimmingCharacters(in: .whitespaces),
                header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let outcomes = await RecordingVerifier(redaction: redaction.policy).verify(
            loaded.stubs, files: directory.files, target: URL(string: target)!, headers: extra)
        var differing = 0
        var skipped = 0
        for outcome in outcomes {
            let name = "\(outcome.file) \(outcome.request)"
            if let reason = outcome.skipped {
                skipped += 1
                print("skipped: \(name): \(reason)")
                continue
            }
            for note in outcome.notes { print("note: \(name): \(note)") }
            if outcome.differences.isEmpty {
                print("same: \(name)")
            } else {
                differing += 1
                for difference in outcome.differences { print("differs: \(name): \(difference)") }
            }
        }
        let replayed = outcomes.count - skipped
        print(
            "\(replayed) recording\(replayed == 1 ? "" : "s") replayed, \(skipped) skipped, \(differing) with differences"
        )
        if differing > 0 || !loaded.errors.isEmpty { throw ExitCode(1) }
    }
}
