/// What a WireMock folder serves (`mappings/` and `message-mappings/`), read once and the same
/// way for every caller: a host at start and on reset, the admin API's reset, and `understudy
/// serve`. Callers differ only in what they do with the problems: a host and `serve` refuse to
/// start, a reset serves what loaded and reports (the admin API) or skips (a host) the rest.
package struct StubFolderContents: Sendable {
    /// The stubs of `mappings/`, with every problem and warning.
    package var stubs: MappingDirectory.LoadResult
    /// The message stubs of `message-mappings/`, with every problem.
    package var messages: MappingDirectory.MessageLoadResult

    /// Reads the folder; a missing `mappings/` or `message-mappings/` holds nothing.
    package init(_ directory: MappingDirectory, policy: LoadPolicy) {
        stubs = directory.load(policy)
        messages = directory.loadMessageMappings()
    }

    /// Every file or stub that could not be read, of either kind, each naming its file.
    package var errors: [MappingError] { stubs.errors + messages.errors }
}
