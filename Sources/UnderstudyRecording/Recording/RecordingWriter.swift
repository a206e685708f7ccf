import Foundation
import UnderstudyCore
import UnderstudyJSON

/// Saves recorded stubs into a WireMock folder: `mappings/<name>.json` and `__files/<body>`.
///
/// Every file is written atomically. A stub already in the folder whose request is the same as a
/// new one is replaced (its file and its now-unused body file removed); every other stub stays,
/// unless ``overwrite`` asks for the folder's mappings to be cleared first.
public struct RecordingWriter: Sendable {
    /// The folder holding `mappings/` and `__files/`.
    public let directory: MappingDirectory
    /// Remove every existing mapping file (and the body files they use) before writing.
    public var overwrite: Bool

    /// A writer into `directory`; `overwrite` clears its mappings first.
    public init(directory: MappingDirectory, overwrite: Bool = false) {
        self.directory = directory
        self.overwrite = overwrite
    }

    /// What a write did, relative to the root folder.
    public struct Summary: Sendable, Equatable {
        /// The paths written, relative to the folder.
        public var written: [String] = []
        /// Old files removed because a new stub replaced theirs (or `overwrite`).
        public var removed: [String] = []
        /// Old stubs with the same request that could not be removed (they share a multi-stub file).
        public var kept: [String] = []
    }

    /// Writes the stubs and their body files; returns what was written and removed.
    @discardableResult
    public func write(_ recorded: [RecordedStub]) throws(RecordingWriteError) -> Summary {
        var summary = Summary()
        let existing = FileManager.default.fileExists(atPath: directory.mappingsURL.path) ? directory.load().stubs : []
        var remaining = existing
        var doomed: [(StubMapping, StubOrigin)] = []
        if overwrite {
            doomed = existing
            remaining = []
        } else {
            let newPatterns = recorded.map(\.stub.request)
            doomed = existing.filter { old in newPatterns.contains(old.0.request) }
            remaining = existing.filter { old in !newPatterns.contains(old.0.request) }
        }
        let stillUsed = Set(remaining.compactMap { Self.bodyFileName($0.0) })
        var removedFiles = Set<String>()
        for (stub, origin) in doomed {
            switch origin {
            case .file(let path):
                if removedFiles.insert(path).inserted {
                    try? FileManager.default.removeItem(at: directory.root.appendingPathComponent(path))
                    summary.removed.append(path)
                }
            case .multiMappingFile(let path):
                if overwrite, removedFiles.insert(path).inserted {
                    try? FileManager.default.removeItem(at: directory.root.appendingPathComponent(path))
                    summary.removed.append(path)
                } else if !overwrite {
                    summary.kept.append(path)
                }
            default:
                continue
            }
            if let body = Self.bodyFileName(stub), !stillUsed.contains(body),
                let file = try? directory.files.resolve(body),
                FileManager.default.fileExists(atPath: file.path)
            {
                try? FileManager.default.removeItem(at: file)
                summary.removed.append("__files/" + body)
            }
        }
        for item in recorded {
            if let body = item.bodyFile {
                let target = try bodyTarget(body.name)
                try AtomicFile.write(body.data, to: target)
                summary.written.append("__files/" + body.name)
            }
            let target = freeName(in: directory.mappingsURL, item.fileName)
            try AtomicFile.write(JSONWriter.data(item.stub.json, style: .pretty), to: target)
            summary.written.append("mappings/" + target.lastPathComponent)
        }
        return summary
    }

    private static func bodyFileName(_ stub: StubMapping) -> String? {
        if case .file(let name)? = stub.response.body { return name }
        return nil
    }

    /// Body files go inside `__files` and nowhere else.
    private func bodyTarget(_ name: String) throws(RecordingWriteError) -> URL {
        let folder = directory.files.url
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            return try directory.files.resolve(name)
        } catch {
            throw RecordingWriteError(path: name, reason: error.description)
        }
    }

    /// `name`, or `name-2`, `name-3` … when a file of that name is already there.
    private func freeName(in folder: URL, _ name: String) -> URL {
        let candidate = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: candidate.path) else { return candidate }
        let stem = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension
        var n = 2
        while FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(stem)-\(n).\(ext)").path) {
            n += 1
        }
        return folder.appendingPathComponent("\(stem)-\(n).\(ext)")
    }
}
