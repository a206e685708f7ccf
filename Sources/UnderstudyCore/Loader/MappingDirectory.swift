import Foundation
import UnderstudyJSON

/// A folder in WireMock's layout: `mappings/**/*.json` and `__files/`.
public struct MappingDirectory: Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    public var mappingsURL: URL { root.appendingPathComponent("mappings") }
    public var files: FilesDirectory { FilesDirectory(url: root.appendingPathComponent("__files")) }

    /// What loading found: stubs in load order with their origin, and every problem.
    public struct LoadResult: Sendable {
        public var stubs: [(StubMapping, StubOrigin)]
        public var errors: [MappingError]
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
    public func load() -> LoadResult {
        let paths = mappingFilePaths()
        let base = mappingsURL.path
        let results = ParallelMap.map(paths) { Self.decodeFile(atPath: base + "/" + $0, name: "mappings/" + $0) }
        var stubs: [(StubMapping, StubOrigin)] = []
        var errors: [MappingError] = []
        var seen = Set<UUID>()
        for result in results {
            switch result {
            case .success(let fileStubs):
                for (stub, origin) in fileStubs {
                    guard seen.insert(stub.id).inserted else {
                        errors.append(
                            MappingError(
                                code: 109, pointer: "/id", title: "Duplicate stub mapping ID",
                                detail: "The id \(stub.id.lowercasedString) is used by more than one stub",
                                file: origin.filePath))
                        continue
                    }
                    stubs.append((stub, origin))
                }
            case .failure(let error):
                errors.append(error)
            }
        }
        return LoadResult(stubs: stubs, errors: errors, fileCount: paths.count)
    }

    static func decodeFile(atPath path: String, name: String) -> Result<[(StubMapping, StubOrigin)], MappingError> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(
                MappingError(
                    title: "Cannot read mapping file",
                    detail: "\(path) could not be read (missing, a folder, or no permission)", file: name))
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(data)
        } catch {
            return .failure(
                MappingError(pointer: "", title: "Error parsing JSON", detail: error.description, file: name))
        }
        do throws(MappingError) {
            if case .object(let object) = json, let list = object["mappings"] {
                guard case .array(let items) = list else {
                    throw MappingError.invalid("/mappings", "Expected an array of stubs")
                }
                var stubs: [(StubMapping, StubOrigin)] = []
                for (i, item) in items.enumerated() {
                    stubs.append((try StubMappingDecoder.decode(item, at: "/mappings/\(i)"), .multiMappingFile(name)))
                }
                return .success(stubs)
            }
            return .success([(try StubMappingDecoder.decode(json, at: ""), .file(name))])
        } catch {
            var located = error
            located.file = name
            return .failure(located)
        }
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
