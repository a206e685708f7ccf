/// The two WireMock switches of `equalToJson`, as JsonUnit options.
struct JSONEqualityOptions: Sendable {
    /// JsonUnit `IGNORING_ARRAY_ORDER`: arrays match as multisets, at every depth.
    var ignoreArrayOrder: Bool
    /// JsonUnit `IGNORING_EXTRA_FIELDS` plus `IGNORING_EXTRA_ARRAY_ITEMS`: extra object members are ignored, and so
    /// are extra array items (trailing ones for ordered arrays, any ones when array order is ignored).
    var ignoreExtraElements: Bool
}
