// What a test target imports: Understudy (hosts, DSL, verification) plus Swift Testing traits,
// failures recorded as test issues, waits, gates, cache seeding and fixtures. Testing is
// re-exported so the `#_sourceLocation` defaults of the expect helpers expand in XCTest files too.
@_exported import Testing
@_exported import Understudy
