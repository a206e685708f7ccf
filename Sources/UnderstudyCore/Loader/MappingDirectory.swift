import Foundation

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
        guard let enumerator = FileManager.default.enumerator(
            at: mappingsURL, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator where url.pathExtension.lowercased() == "json" {
            files.append(url)
        }
        // Sort on the path text computed once: URL.path is costly to call inside a comparator.
        return files.map { ($0.path, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Reads and decodes every mapping file, in parallel, keeping sorted order in the result.
    /// Within a `{"mappings":[…]}` file the last listed stub wins, as in WireMock.
    public func load() -> LoadResult {
        let files = mappingFiles()
        let results = ParallelMap.map(files) { Self.decodeFile($0, relativeTo: root) }
        var stubs: [(StubMapping, StubOrigin)] = []
        var errors: [MappingError] = []
        var seen = Set<UUID>()
        for result in results {
            switch result {
            case .success(let fileStubs):
                for (stub, origin) in fileStubs {
                    guard seen.insert(stub.id).inserted else {
                        errors.append(MappingError(code: 109, pointer: "/id", title: "Duplicate stub mapping ID", detail: "The id \(stub.id.uuidString.lowercased()) is used by more than one stub", file: origin.filePath))
                        continue
                    }
                    stubs.append((stub, origin))
                }
            case .failure(let error):
                errors.append(error)
            }
        }
        return LoadResult(stubs: stubs, errors: errors, fileCount: files.count)
    }

    static func decodeFile(_ url: URL, relativeTo root: URL) -> Result<[(StubMapping, StubOrigin)], MappingError> {
        let name = relativePath(url, root)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return .failure(MappingError(title: "Cannot read mapping file", detail: String(describing: error), file: name))
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(data)
        } catch {
            return .failure(MappingError(pointer: "", title: "Error parsing JSON", detail: error.description, file: name))
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

    static func relativePath(_ url: URL, _ root: URL) -> String {
        let rootPath = root.path
        let base = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        // Files found under the (standardized) root need no standardizing of their own, which
        // costs more than decoding a small mapping; anything else gets it.
        var path = url.path
        if !path.hasPrefix(base) || path.contains("/./") || path.contains("/../") { path = url.standardizedFileURL.path }
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
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
                problems.append(MappingError(pointer: "/response/bodyFileName", title: "Bad bodyFileName", detail: error.description, file: origin.filePath))
            }
        }
        return problems
    }
}
