import Foundation
import UnderstudyJSON

/// A folder in WireMock's layout: `mappings/**/*.json` and `__files/`.
public struct MappingDirectory: Sendable {
    /// The folder that holds `mappings/` and `__files/`.
    public let root: URL

    /// A WireMock folder at `root`.
    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// `root/mappings`.
    public var mappingsURL: URL { root.appendingPathComponent("mappings") }
    /// `root/__files`.
    public var files: FilesDirectory { FilesDirectory(url: root.appendingPathComponent("__files")) }

    /// What loading found: stubs in load order with their origin, every problem, and (loading
    /// leniently) every warning: what was skipped, taken over, or loaded without matching.
    public struct LoadResult: Sendable {
        /// The stubs read, in sorted path order, each with its file.
        public var stubs: [(StubMapping, StubOrigin)]
        /// The files or stubs that could not be read.
        public var errors: [MappingError]
        /// Stubs that loaded but cannot match here, with the reason.
        public var warnings: [MappingError] = []
        /// The warnings that left a file or stub out entirely (a subset of ``warnings``).
        public var skipped: [MappingError] = []
        /// How many files were read.
        public var fileCount: Int
    }

    /// Every `*.json` below `mappings/`, in sorted path order (WireMock's order depends on the
    /// file system; sorting makes ours the same on every machine).
    public func mappingFiles() -> [URL] {
        mappingFilePaths().map { mappingsURL.appendingPathComponent($0) }
    }

    /// The same as paths relative to `mappings/`. Listing by path strings rather than URLs keeps
    /// start-up with 10,000 files cheap (URL path work was a sixth of loading). Hidden files and
    /// folders are skipped, which also skips the temporary files of an interrupted save.
    func mappingFilePaths() -> [String] {
        DirectoryWalker.files(under: mappingsURL.path) { name in
            name.utf8.count > 5 && name.lowercased().hasSuffix(".json")
        }.sorted()
    }

    /// Reads and decodes every mapping file, in parallel, keeping sorted order in the result.
    /// Within a `{"mappings":[…]}` file the last listed stub wins, as in WireMock.
    public func load(_ policy: LoadPolicy = .strict) -> LoadResult {
        let paths = mappingFilePaths()
        let base = mappingsURL.path
        let results = ParallelMap.map(paths) {
            MappingFileDecoder.decode(atPath: base + "/" + $0, name: "mappings/" + $0, policy: policy)
        }
        var stubs: [(StubMapping, StubOrigin)?] = []
        var errors: [MappingError] = []
        var warnings: [MappingError] = []
        var skipped: [MappingError] = []
        var seen: [UUID: Int] = [:]
        for result in results {
            errors += result.errors
            warnings += result.warnings
            skipped += result.skipped
            for (stub, origin) in result.stubs {
                if let earlier = seen[stub.id], let (_, earlierOrigin) = stubs[earlier] {
                    let id = stub.id.lowercasedString
                    guard policy == .lenient else {
                        errors.append(
                            MappingError(
                                code: 109, pointer: "/id", title: "Duplicate stub mapping ID",
                                detail:
                                    "The id \(id) is used by more than one stub (also in \(earlierOrigin.filePath ?? "an earlier stub")); WireMock 3.7 and later refuse to start, serve without --strict keeps the one read last",
                                file: origin.filePath))
                        continue
                    }
                    // WireMock keeps the stub it read last under an id.
                    stubs[earlier] = nil
                    let later = origin.filePath ?? "a stub"
                    warnings.append(
                        MappingError(
                            code: 109, pointer: "/id", title: "Duplicate stub mapping ID",
                            detail:
                                "\(later) replaces \(earlierOrigin.filePath ?? "a stub") under id \(id): the one read last is served",
                            file: origin.filePath))
                }
                seen[stub.id] = stubs.count
                stubs.append((stub, origin))
            }
        }
        return LoadResult(
            stubs: stubs.compactMap { $0 }, errors: errors, warnings: warnings, skipped: skipped, fileCount: paths.count
        )
    }

    /// Problems with `bodyFileName` references: missing files and paths outside `__files`.
    public func bodyFileProblems(_ stubs: [(StubMapping, StubOrigin)]) -> [MappingError] {
        let files = self.files
        var problems: [MappingError] = []
        for (stub, origin) in stubs {
            guard case .file(let name)? = stub.response.body else { continue }
            // A templated file name is only known per request.
            if name.contains("{{") { continue }
            do {
                _ = try files.read(name)
            } catch {
                problems.append(
                    MappingError(
                        pointer: "/response/bodyFileName", title: "Bad bodyFileName", detail: error.description,
                        file: origin.filePath))
            }
        }
        return problems
    }
}
