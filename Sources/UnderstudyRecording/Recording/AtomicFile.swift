import Foundation

/// Writes a file so that a reader sees the old content or the new, never half: the bytes go to
/// a hidden temporary file in the same folder, which is then renamed over the target.
enum AtomicFile {
    static func write(_ data: Data, to target: URL) throws(RecordingWriteError) {
        let folder = target.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw RecordingWriteError(path: target.path, reason: String(describing: error))
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw RecordingWriteError(path: target.path, reason: reason)
        }
    }
}

/// A recorded stub or body file that could not be written.
public struct RecordingWriteError: Error, Sendable, CustomStringConvertible {
    /// The file that could not be written.
    public var path: String
    /// Why it could not be written.
    public var reason: String

    public var description: String { "cannot write \(path): \(reason)" }
}
