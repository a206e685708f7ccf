import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lists the files under a folder with `opendir`/`readdir`: Foundation's directory enumerator
/// on Linux spent most of a 10,000-file start-up building and rewriting path strings.
enum DirectoryWalker {
    /// Paths relative to `root` (`a.json`, `sub/b.json`) of the non-hidden files whose names
    /// `include` accepts, in no particular order. Hidden entries (a name starting with `.`) are
    /// skipped, hidden folders with all they hold; symbolic links to folders are not followed,
    /// as Foundation's enumerator does not; a folder that cannot be opened is skipped.
    static func files(under root: String, where include: (String) -> Bool) -> [String] {
        var found: [String] = []
        walk(root, relative: "", include: include, into: &found)
        return found
    }

    private static func walk(_ path: String, relative: String, include: (String) -> Bool, into found: inout [String]) {
        guard let directory = opendir(path) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }  // also `.` and `..`
            let full = path + "/" + name
            let child = relative.isEmpty ? name : relative + "/" + name
            if isDirectory(entry.pointee.d_type, full) {
                walk(full, relative: child, include: include, into: &found)
            } else if include(name) {
                found.append(child)
            }
        }
    }

    /// `d_type` says so on most file systems; where it is unknown, ask `lstat` (a link is not a folder).
    private static func isDirectory(_ type: UInt8, _ path: String) -> Bool {
        if type == UInt8(DT_DIR) { return true }
        guard type == UInt8(DT_UNKNOWN) else { return false }
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFDIR
    }
}
