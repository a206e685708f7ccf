import ArgumentParser
import Foundation
import UnderstudyCore
import UnderstudyJSON
import UnderstudyRecording
import UnderstudyServer

/// `understudy export-har`: a running server's request journal as an HTTP Archive.
struct ExportHARCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-har",
        abstract: "Write a running Understudy (or WireMock-compatible) server's request journal as HAR 1.2.",
        discussion: """
            Reads GET <url>/__admin/requests?format=har. Secrets are redacted as in record unless --keep-secrets is given.
            """)

    @Option(name: .long, help: "The server's base URL.")
    var url: String = "http://127.0.0.1:8080"

    @Option(name: .long, help: "Where to write the HAR; standard output when absent.")
    var output: String?

    @Flag(name: .long, help: "Write headers and fields as they are, secrets included.")
    var keepSecrets = false

    @OptionGroup var redaction: RedactionOptions

    func run() async throws {
        var base = url
        while base.hasSuffix("/") { base.removeLast() }
        let response: ProxiedResponse
        do {
            response = try await AsyncHTTPProxyForwarder(timeout: .seconds(30)).forward(
                ProxyRequest(
                    method: "GET", url: base + "/__admin/requests?format=har", headers: ["Accept": "application/json"],
                    body: Data()))
        } catch {
            FileHandle.standardError.write(Data("error: cannot read the journal from \(base): \(error)\n".utf8))
            throw ExitCode(1)
        }
        guard response.status == 200, var har = try? JSONParser.parse(response.body), har["log"] != nil else {
            FileHandle.standardError.write(
                Data(
                    "error: \(base)/__admin/requests?format=har answered \(response.status), not a HAR document\n".utf8)
            )
            throw ExitCode(1)
        }
        var report = RedactionReport()
        if !keepSecrets { (har, report) = redaction.policy.redactingHAR(har) }
        let data = JSONWriter.data(har, style: .pretty)
        if let output {
            do {
                try data.write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                FileHandle.standardError.write(
                    Data("error: cannot write \(output): \(error.localizedDescription)\n".utf8))
                throw ExitCode(1)
            }
            let count = har["log"]?["entries"]?.arrayValue?.count ?? 0
            RecordingPrinter.print(["wrote \(count) entr\(count == 1 ? "y" : "ies") to \(output)"] + report.summary)
        } else {
            FileHandle.standardOutput.write(data)
            if !report.isEmpty {
                FileHandle.standardError.write(Data((report.summary.joined(separator: "\n") + "\n").utf8))
            }
        }
    }
}
