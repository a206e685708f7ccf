import Foundation

/// The `__files` folder: where `bodyFileName` and static files are read from, and nowhere else.
public struct FilesDirectory: Sendable {
    /// The `__files` folder.
    public let url: URL
    /// `url.path`, kept: Foundation works it out anew on every read, and every 404 asks.
    private let rootPath: String

    /// Files served from this folder.
    public init(url: URL) {
        self.url = url.standardizedFileURL
        rootPath = self.url.path
    }

    /// The file for a `bodyFileName` (or a static path), refusing anything that resolves outside
    /// `__files`, through `..` or through a symbolic link.
    public func resolve(_ name: String) throws(FileAccessError) -> URL {
        let decoded = name.removingPercentEncoding ?? name
        guard !decoded.contains("\0") else { throw .outside(name) }
        let relative = decoded.hasPrefix("/") ? String(decoded.dropFirst()) : decoded
        let candidate = url.appendingPathComponent(relative).standardizedFileURL
        let base = url.resolvingSymlinksInPath().path
        let resolved = candidate.resolvingSymlinksInPath().path
        guard resolved == base || resolved.hasPrefix(base.hasSuffix("/") ? base : base + "/") else {
            throw .outside(name)
        }
        return URL(fileURLWithPath: resolved)
    }

    /// The bytes of a body file.
    public func read(_ name: String) throws(FileAccessError) -> Data {
        let file = try resolve(name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue
        else {
            throw .missing(name)
        }
        do {
            return try Data(contentsOf: file)
        } catch {
            throw .unreadable(name, String(describing: error))
        }
    }

    /// True when one `stat` shows no static file for `path` (no query): a plain path (no `%`,
    /// no `..`) with nothing at it under `__files`. False when there is one or it takes longer to
    /// tell; ``staticFile(forPath:)`` then says which.
    func certainlyHasNoStaticFile(forPath path: String) -> Bool {
        // Byte scans: Foundation's `contains` on a String was a tenth of this 404's cost.
        var previous: UInt8 = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "%") || (byte == UInt8(ascii: ".") && previous == byte) { return false }
            previous = byte
        }
        let lexical = path.hasPrefix("/") ? rootPath + path : rootPath + "/" + path
        return !FileManager.default.fileExists(atPath: lexical)
    }

    /// A static file for an unmatched GET: the path itself, or a welcome file inside it.
    public func staticFile(forPath path: String) -> URL? {
        let clean = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        // Most unmatched requests name no file, and resolving symbolic links costs a system call
        // per path component (a quarter of a 404's time at 10,000 stubs): one `stat` says so first.
        // A path with `..` goes the long way, as its lexical form is not where it leads.
        let decoded = clean.contains("%") ? (clean.removingPercentEncoding ?? clean) : clean
        if !decoded.contains("..") {
            let lexical = decoded.hasPrefix("/") ? rootPath + decoded : rootPath + "/" + decoded
            guard FileManager.default.fileExists(atPath: lexical) else { return nil }
        }
        guard let base = try? resolve(clean) else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: base.path, isDirectory: &isDirectory) else { return nil }
        if !isDirectory.boolValue { return base }
        for welcome in ["index.json", "index.html", "index.xml", "index.txt"] {
            let relative = (clean.hasSuffix("/") ? clean : clean + "/") + welcome
            if let file = try? resolve(relative), FileManager.default.fileExists(atPath: file.path) { return file }
        }
        return nil
    }
}

/// Why a body file could not be served.
public enum FileAccessError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path leads out of `__files`.
    case outside(String)
    /// No file at the path.
    case missing(String)
    /// The file (first) could not be read, and why (second).
    case unreadable(String, String)
    /// A file the admin API could not write or delete, and why.
    case unwritable(String, String)

    public var description: String {
        switch self {
        case .outside(let name): return "bodyFileName '\(name)' points outside __files; it is refused"
        case .missing(let name): return "bodyFileName '\(name)' does not exist in __files"
        case .unreadable(let name, let reason): return "bodyFileName '\(name)' cannot be read: \(reason)"
        case .unwritable(let name, let reason): return "'\(name)' in __files cannot be changed: \(reason)"
        }
    }
}
