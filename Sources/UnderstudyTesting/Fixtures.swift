import Foundation

/// Reads fixtures from a WireMock folder (`__files/` bodies, `mappings/` files, any JSON in
/// it), in a test bundle or on disk, and decodes them into a client's model types, so a test
/// can compare what the client parsed with what the stub served.
///
/// ```swift
/// let fixtures = Fixtures(root: stubsFolder)                          // or Fixtures(bundle: .module, folder: "Stubs")
/// let page: [Post] = try fixtures.decode([Post].self, fromBodyFile: "timeline/page1.json")
/// ```
public struct Fixtures: Sendable {
    /// The folder that holds `mappings/` and `__files/`.
    public var root: URL

    /// Fixtures in a folder on disk.
    public init(root: URL) {
        self.root = root
    }

    /// Fixtures in a folder copied into a bundle as a resource (`.copy("Stubs")` in the test
    /// target, then `Fixtures(bundle: .module, folder: "Stubs")`).
    /// - Throws: ``FixtureError/notFound(_:)`` when the bundle has no such folder.
    public init(bundle: Bundle, folder: String) throws {
        guard let url = bundle.url(forResource: folder, withExtension: nil) else { throw FixtureError.notFound(folder) }
        root = url
    }

    /// The bytes of `__files/<name>`, a response body as a stub serves it.
    public func bodyFile(_ name: String) throws -> Data {
        try data(at: "__files/" + name)
    }

    /// The bytes of any file under the root, e.g. `mappings/timeline.json`.
    public func data(at relativePath: String) throws -> Data {
        let url = root.appendingPathComponent(relativePath)
        guard url.standardizedFileURL.path.hasPrefix(root.standardizedFileURL.path) else {
            throw FixtureError.outsideRoot(relativePath)
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw FixtureError.notFound(url.path)
        }
    }

    /// Decodes `__files/<name>` as `T`.
    public func decode<T: Decodable>(
        _ type: T.Type, fromBodyFile name: String, using decoder: JSONDecoder = JSONDecoder()
    ) throws -> T {
        try decoder.decode(type, from: bodyFile(name))
    }

    /// Decodes any JSON file under the root as `T`.
    public func decode<T: Decodable>(
        _ type: T.Type, at relativePath: String, using decoder: JSONDecoder = JSONDecoder()
    ) throws -> T {
        try decoder.decode(type, from: data(at: relativePath))
    }
}

/// A fixture that could not be read.
public enum FixtureError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No file or folder at this path.
    case notFound(String)
    /// The path leaves the fixture folder (`../`).
    case outsideRoot(String)

    /// What was missing or refused.
    public var description: String {
        switch self {
        case .notFound(let path): return "No fixture at \(path)"
        case .outsideRoot(let path): return "Fixture path \(path) leaves the fixture folder"
        }
    }
}
