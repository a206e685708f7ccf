/// How ``MappingDirectory/load(_:)`` treats what WireMock would load but Understudy cannot use.
public enum LoadPolicy: Sendable {
    /// Every problem is an error: `understudy check`, `serve --strict`, CI.
    case strict
    /// Load what WireMock loads, as WireMock does (`serve`, `StubServer.start(root:)`, the traits):
    /// `//` and `/* */` comments and text after the JSON value are accepted; a duplicate id is
    /// taken from the later file; a stub whose request cannot be evaluated here loads but never
    /// matches (``RequestPattern/cannotMatch``); a file or stub that cannot be read is skipped.
    /// Each of those is a warning, and the rest of the folder loads.
    case lenient
}
