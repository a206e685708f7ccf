/// How `{{…}}` escapes what it writes; `{{{…}}}` and `{{& …}}` never escape.
///
/// WireMock 3's standalone server builds Handlebars with the no-op escaping strategy (its
/// command line has no switch for it); WireMock 2 used Handlebars.java's default, HTML entities.
public enum TemplateEscaping: String, Sendable, CaseIterable {
    /// WireMock 3: nothing is escaped, so `{{request.bodyAsBase64}}` keeps its `=`.
    case wiremock3
    /// WireMock 2 (and WireMock 3's Java API with escaping turned back on): `&`, `<`, `>`, `"`,
    /// `'`, the backtick and `=` become HTML entities.
    case wiremock2
}
