import Foundation
import UnderstudyCore

/// Builds the engine for a host from an optional WireMock folder (`mappings/`, `__files/`) and
/// an optional contract (e.g. `OpenAPIContract` from `UnderstudyOpenAPI`).
package enum StubWorld {
    package static func engine(root: URL?, contract: (any ContractChecker)? = nil) throws -> (
        StubEngine, MappingDirectory?
    ) {
        guard let root else {
            let engine = StubEngine()
            engine.contract = contract
            return (engine, nil)
        }
        let directory = MappingDirectory(root: root)
        let engine = StubEngine(files: directory.files)
        engine.contract = contract
        try load(directory, into: engine)
        return (engine, directory)
    }

    /// Loads what WireMock would load from the folder (``LoadPolicy/lenient``), logging a warning
    /// (on standard error) for each file or stub skipped, taken over or loaded without matching.
    static func load(_ directory: MappingDirectory, into engine: StubEngine) throws {
        let contents = StubFolderContents(directory, policy: .lenient)
        guard contents.errors.isEmpty else { throw StubFolderError(root: directory.root, errors: contents.errors) }
        for warning in contents.stubs.warnings {
            FileHandle.standardError.write(Data("understudy: warning: \(directory.root.path): \(warning)\n".utf8))
        }
        try engine.serve(contents, clearingJournals: false)
    }

    /// The host reset: stubs from the folder again (none without one), empty journal, scenarios `Started`.
    static func reset(_ engine: StubEngine, mappings: MappingDirectory?) {
        // The folder loaded cleanly at start; a file broken since then is skipped, not fatal.
        try? engine.serve(mappings.map { StubFolderContents($0, policy: .lenient) }, clearingJournals: true)
    }
}

/// A stub folder that could not be loaded: every bad file, with its JSON pointer and reason.
public struct StubFolderError: Error, Sendable, CustomStringConvertible {
    /// The folder that was loaded.
    public var root: URL
    /// One error per problem, each naming its file.
    public var errors: [MappingError]

    /// Every problem, one per line, each with its file and JSON pointer.
    public var description: String {
        "Cannot load stubs from \(root.path):\n" + errors.map { "  " + $0.description }.joined(separator: "\n")
    }
}
