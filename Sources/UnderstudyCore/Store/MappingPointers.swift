/// Where each stub of a folder sits in its mapping file, as a JSON pointer prefix: empty for a
/// file of one stub, `/mappings/N` for the Nth of a `{"mappings":[…]}` file. Checks that name a
/// problem's place in a file (`check --openapi`, `check --graphql-schema`) read the stubs in load
/// order through one of these.
public struct MappingPointers: Sendable {
    private var positionInFile: [String: Int] = [:]

    /// No stub seen yet.
    public init() {}

    /// The pointer prefix of the next stub, which came from `origin`.
    public mutating func next(from origin: StubOrigin) -> String {
        guard case .multiMappingFile(let path) = origin else { return "" }
        let position = positionInFile[path, default: 0]
        positionInFile[path] = position + 1
        return "/mappings/\(position)"
    }
}
