import Foundation

/// Listing, writing and deleting files in `__files` (the admin API's `/__admin/files`), confined
/// to it as reading is: no `..`, no symbolic link out.
extension FilesDirectory {
    /// The paths of every regular file under `__files`, relative to it with `/` between folders,
    /// sorted. Hidden files are left out, and so is a symbolic link that leads outside.
    public func allFileNames() -> [String] {
        DirectoryWalker.files(under: url.path) { _ in true }
            .filter { name in
                guard let file = try? resolve(name) else { return false }
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory)
                    && !isDirectory.boolValue
            }
            .sorted()
    }

    /// Writes `data` to the file at `name`, creating it and its folders, replacing it whole.
    public func write(_ data: Data, to name: String) throws(FileAccessError) {
        let file = try resolveForWriting(name)
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
        } catch {
            throw .unwritable(name, String(describing: error))
        }
    }

    /// Deletes the file at `name`; a file that is not there is not an error.
    public func remove(_ name: String) throws(FileAccessError) {
        let file = try resolveForWriting(name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) else { return }
        guard !isDirectory.boolValue else { throw .unwritable(name, "it is a folder") }
        do {
            try FileManager.default.removeItem(at: file)
        } catch {
            throw .unwritable(name, String(describing: error))
        }
    }

    /// Where a file that may not exist yet would be written. Resolving symbolic links needs the
    /// path to exist, so the deepest part that exists must resolve inside `__files`, and what
    /// follows it (created as plain folders) cannot leave it, having no `..` once standardized.
    func resolveForWriting(_ name: String) throws(FileAccessError) -> URL {
        let decoded = name.removingPercentEncoding ?? name
        let relative = decoded.hasPrefix("/") ? String(decoded.dropFirst()) : decoded
        guard !decoded.contains("\0"), !relative.isEmpty else { throw .outside(name) }
        let candidate = url.appendingPathComponent(relative).standardizedFileURL
        guard Self.path(candidate.path, isInside: url.path) else { throw .outside(name) }
        var existing = candidate
        while existing.path != url.path, (try? FileManager.default.attributesOfItem(atPath: existing.path)) == nil {
            existing.deleteLastPathComponent()
        }
        let base = url.resolvingSymlinksInPath().path
        let resolved = existing.resolvingSymlinksInPath().path
        guard resolved == base || Self.path(resolved, isInside: base) else { throw .outside(name) }
        if existing == candidate { return try resolve(name) }
        return URL(fileURLWithPath: resolved).appendingPathComponent(
            String(candidate.path.dropFirst(existing.path.count + 1)))
    }

    static func path(_ path: String, isInside base: String) -> Bool {
        path.hasPrefix(base.hasSuffix("/") ? base : base + "/")
    }
}
