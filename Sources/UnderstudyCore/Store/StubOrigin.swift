/// Where a stored stub came from; decides what `save` and `remove` may do with it.
public enum StubOrigin: Sendable, Equatable {
    /// Added through the API or the DSL.
    case api
    /// Loaded from a mapping file that holds this one stub.
    case file(String)
    /// Loaded from a `{"mappings":[…]}` file: read-only, as in WireMock.
    case multiMappingFile(String)

    /// The mapping file, or nil for a stub added through the API.
    public var filePath: String? {
        switch self {
        case .api: return nil
        case .file(let path), .multiMappingFile(let path): return path
        }
    }
}
