import Foundation

/// curl over HTTP/1.1 (`--http1.1`), which exits 0 only for a verified TLS handshake and an answer.
enum Curl {
    /// `curl --http1.1 -sS [--cacert FILE] [extra…] URL`.
    static func get(
        _ url: URL, caFile: String?, extra: [String] = [], in folder: TemporaryFolder
    ) async throws -> ExternalProcess.Output {
        var arguments = ["--http1.1", "-sS", "--max-time", "20"]
        if let caFile { arguments += ["--cacert", caFile] }
        arguments += extra + [url.absoluteString]
        return try await ExternalProcess.run("curl", arguments, in: folder)
    }

    /// curl's exit code for a certificate it cannot verify (`CURLE_PEER_FAILED_VERIFICATION`).
    static let peerFailedVerification: Int32 = 60
}
