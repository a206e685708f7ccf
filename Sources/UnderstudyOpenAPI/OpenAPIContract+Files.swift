import Foundation

extension OpenAPIContract {
    /// Loads one or more spec files (YAML or JSON, OpenAPI 3.0 or 3.1) as a host's contract:
    /// `StubServer.start(root: stubs, openAPI: try OpenAPIContract(files: spec))`.
    /// - Parameters:
    ///   - files: the spec files; `$ref`s to sibling files are followed.
    ///   - mode: `.report` (the default) answers as usual and records violations;
    ///     `.enforce` also answers a broken request with 400 (or 405) instead of any stub.
    /// - Throws: ``OpenAPISpecError`` naming the first file that does not load, the line and why.
    public init(files: [URL], mode: OpenAPIValidationMode = .report) throws(OpenAPISpecError) {
        self = try Self.load(files, mode: mode)
    }

    /// `init(files:mode:)` for files listed one by one.
    public init(files: URL..., mode: OpenAPIValidationMode = .report) throws(OpenAPISpecError) {
        try self.init(files: files, mode: mode)
    }

    /// `init(files:mode:)` for paths relative to the working directory (where `swift test` runs,
    /// the package root): `try OpenAPIContract(files: "Examples/StatusPoster/openapi.yaml")`.
    public init(files: String..., mode: OpenAPIValidationMode = .report) throws(OpenAPISpecError) {
        try self.init(files: files.map { URL(fileURLWithPath: $0) }, mode: mode)
    }
}
