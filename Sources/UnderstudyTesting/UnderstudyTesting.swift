// What a test target imports: Understudy (hosts, DSL, verification) plus Swift Testing traits,
// failures recorded as test issues, waits, gates, cache seeding and fixtures.
@_exported import Understudy
